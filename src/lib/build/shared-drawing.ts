// Build-only: a chart drawn once for every language. Drawn with placeholders where its texts differ between languages
// (its labels, compact numbers, lists, ranges, sentences: charts/writing.ts; the names of Plot's groups:
// charts/aria-labels.ts), it is then written in each language by filling them in, the same bytes as a drawing made in
// that language; its summary and data table likewise. That holds where nothing but the texts differ between the
// languages' drawings, which is decided by rule, not by trying:
// - every language writes numbers alike (the same digits, separators and grouping), so a drawing's numbers and what is
//   sized from them (a y axis's margin) are every language's;
// - no label is empty or holds a line break or an arrow (Plot splits text on line breaks and adds an arrow to an axis
//   label without one), and every language has the same labels;
// - the chart's kind is not laid out by the length of its texts (kind.ts sizedByText; the application profiles' margin
//   follows device names, the same in every language), and its data holds none of the placeholders' marks;
// - every placeholder lies whole in one text or attribute value.
// A chart that fails a rule is drawn in each language, as before.
import { createHash } from 'node:crypto';
import { LANGS, localeOf, punctuationOf, type Lang } from '../../i18n/lang.ts';
import { localAriaName, renameAriaGroups } from '../charts/aria-labels.ts';
import type { ChartContext } from '../charts/context.ts';
import { fill, formatNumber, formatSigned } from '../charts/format.ts';
import { kindOf } from '../charts/kinds.ts';
import { CHART_LABELS, type ChartLabels } from '../charts/labels.ts';
import { languageWriting, type Writing } from '../charts/writing.ts';
import { DEFAULT_WIDTH, type ChartOptions } from '../charts/options.ts';
import type { ChartTable } from '../charts/table.ts';
import type { ChartSpec } from '../site/chart-data.ts';
import { chartSummary, chartTable, drawChart } from '../site/chart-kinds.ts';

/** A placeholder: OPEN, what it holds (a letter, for a label its key), then each value after a SEP, then CLOSE. */
const OPEN = '\uFDD0';
const SEP = '\uFDD1';
const CLOSE = '\uFDD2';
/** Marks a text or attribute value that holds placeholders in the drawing's markup (the value is kept apart). */
const SLOT = '\uFDD3';
/** Tags a value a chart's content writes apart from what JSON writes it as (contentJson). */
const TAG = '\uFDD4';
const MARKS = /[\uFDD0-\uFDD4]/;

/** A number as a placeholder's value: read back as the same number, −0 included. */
const numberText = (value: number) => (Object.is(value, -0) ? '-0' : String(value));

const placeholder = (what: string, values: readonly string[]): string => `${OPEN}${what}${values.map((v) => SEP + v).join('')}${CLOSE}`;

type LabelKey = keyof ChartLabels;
const LABEL_KEYS = Object.keys(CHART_LABELS[LANGS[0]!]) as LabelKey[];

/** The `{name}`s a label fills in, in any language, in order of first appearance. */
const labelSlots = new Map<LabelKey, string[]>(
	LABEL_KEYS.map((key) => [key, [...new Set(LANGS.flatMap((lang) => [...CHART_LABELS[lang][key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))]]),
);

/** A chart's texts as placeholders: a label's keeps its `{name}`s, so the chart fills in their values as it does a label's. */
const PLACEHOLDERS: Writing = {
	labels: Object.fromEntries(LABEL_KEYS.map((key) => [key, placeholder(`t${key}`, labelSlots.get(key)!.map((name) => `{${name}}`))])) as ChartLabels,
	compact: (value) => placeholder('c', [numberText(value)]),
	list: (items) => placeholder('l', items),
	range: (values) => placeholder('r', values.map(numberText)),
	sentences: (parts) => placeholder('s', parts.filter((p): p is string => typeof p === 'string')),
	groups: (items) => placeholder('g', items),
};

/** A text with placeholders, read: its plain parts and its placeholders, each with its values read alike. */
type Text = (string | Placeholder)[];
interface Placeholder {
	what: string;
	values: Text[];
}

const KINDS_OF_PLACEHOLDER = new Set(['c', 'l', 'r', 's', 'g', 'a']);

const PLACEHOLDER_MARK = /[\uFDD0-\uFDD2]/g;

/** Reads `text`'s placeholders; throws where one is cut, unknown, or a label's has not as many values as slots. */
export function readPlaceholders(text: string): Text {
	let at = 0;
	/** The index of the next OPEN, SEP or CLOSE from `at`, or the text's length. */
	const nextMark = () => {
		PLACEHOLDER_MARK.lastIndex = at;
		return PLACEHOLDER_MARK.exec(text)?.index ?? text.length;
	};
	const until = (inside: boolean): Text => {
		const out: Text = [];
		while (at < text.length) {
			const mark = nextMark();
			if (mark > at) out.push(text.slice(at, mark));
			at = mark;
			const ch = text[at];
			if (ch === OPEN) {
				at++;
				const end = nextMark();
				const what = text.slice(at, end);
				at = end;
				const values: Text[] = [];
				while (text[at] === SEP) {
					at++;
					values.push(until(true));
				}
				if (text[at] !== CLOSE) throw new Error('placeholder not closed');
				at++;
				const slots = what[0] === 't' ? labelSlots.get(what.slice(1) as LabelKey) : undefined;
				if (slots ? slots.length !== values.length : !KINDS_OF_PLACEHOLDER.has(what)) throw new Error(`placeholder ${what} of ${values.length} values`);
				out.push({ what, values });
			} else if (ch === SEP || ch === CLOSE) {
				if (inside) return out;
				throw new Error('placeholder not opened');
			}
		}
		if (inside) throw new Error('placeholder not closed');
		return out;
	};
	return until(false);
}

/** A placeholder's text in the language of `ctx` (the chart's context in it), its values written in it. */
function writePlaceholder({ what, values }: Placeholder, ctx: ChartContext): string {
	const writing = languageWriting(ctx.lang);
	const texts = values.map((v) => writeText(v, ctx));
	switch (what[0]) {
		case 't': {
			const key = what.slice(1) as LabelKey;
			return fill(writing.labels[key], Object.fromEntries(labelSlots.get(key)!.map((name, i) => [name, texts[i]!])));
		}
		case 'c':
			return writing.compact(Number(texts[0]));
		case 'l':
			return writing.list(texts);
		case 'r':
			return writing.range(texts.map(Number));
		case 's':
			return writing.sentences(texts);
		case 'g':
			return writing.groups(texts);
		default:
			return localAriaName(texts[0]!, ctx);
	}
}

/** A text read by readPlaceholders, written in the language of `ctx`. */
export function writeText(text: Text, ctx: ChartContext): string {
	return text.map((part) => (typeof part === 'string' ? part : writePlaceholder(part, ctx))).join('');
}

/** Every language writes numbers as the first does: the same digits, signs, separators and grouping. */
function numbersAlike(): boolean {
	const probes = [-1234567.891, -0.000123456, 0, 1234, 12345.678, 99.95, 0.5, 1e21, Infinity, NaN];
	const numbers = (lang: Lang) =>
		[new Intl.NumberFormat(localeOf(lang)).resolvedOptions().numberingSystem, ...probes.flatMap((v) => [formatNumber(v, lang), formatSigned(v, lang)])].join('\n');
	return LANGS.every((lang) => numbers(lang) === numbers(LANGS[0]!));
}

/** Every language has the same labels, none empty, none with a line break, an arrow or a placeholder's mark. */
function labelsPlain(): boolean {
	const plain = (text: string | undefined) => typeof text === 'string' && text !== '' && !/[\r\n↑↓→←]/.test(text) && !MARKS.test(text);
	return LANGS.every((lang) => {
		const labels = CHART_LABELS[lang];
		const { sentenceEnds: _ends, ...joins } = punctuationOf(lang);
		return Object.keys(labels).length === LABEL_KEYS.length && LABEL_KEYS.every((k) => plain(labels[k])) && Object.values(joins).every((j) => !/[\r\n]/.test(j));
	});
}

let languagesAlike: boolean | undefined;

/** The rules every chart shares: numbers and labels (above). */
function sharable(): boolean {
	languagesAlike ??= LANGS.length > 1 && numbersAlike() && labelsPlain();
	return languagesAlike;
}

type DrawnSpec = Pick<ChartSpec, 'kind' | 'input' | 'fixed'>;

const fingerprints = new WeakMap<DrawnSpec, WeakMap<Record<string, string>, string | null>>();

/**
 * Whether JSON writes `value` as it is: plain objects and arrays of strings without a placeholder's mark, booleans,
 * nulls and finite numbers but −0 (what charts are drawn from, almost always). Read without writing, it is cheaper
 * than the replacer below, which JSON calls once per value.
 */
function writtenAsIs(value: unknown): boolean {
	switch (typeof value) {
		case 'string':
			return !MARKS.test(value);
		case 'number':
			return Number.isFinite(value) && !Object.is(value, -0);
		case 'boolean':
			return true;
		case 'object': {
			if (value === null) return true;
			if (Array.isArray(value)) {
				for (const item of value as unknown[]) if (!writtenAsIs(item)) return false;
				return true;
			}
			const proto = Object.getPrototypeOf(value);
			if (proto !== Object.prototype && proto !== null) return false;
			for (const key in value) if (!writtenAsIs((value as Record<string, unknown>)[key])) return false;
			return true;
		}
		default:
			return false;
	}
}

/**
 * `value` as JSON where two values differ wherever they could draw differently: JSON alone writes NaN and Infinity as
 * null, −0 as 0 and drops undefined, which are written here as tagged strings. Undefined where the value holds a
 * string with a placeholder's mark, or anything but plain data (JSON writes a Map or a Set as {}, a Date as a string).
 */
export function contentJson(value: unknown): string | undefined {
	if (writtenAsIs(value)) return JSON.stringify(value);
	let plain = true;
	const json = JSON.stringify(value, function (this: Record<string, unknown>, key: string) {
		const raw = this[key];
		switch (typeof raw) {
			case 'string':
				if (MARKS.test(raw)) plain = false;
				return raw;
			case 'number':
				return Number.isFinite(raw) && !Object.is(raw, -0) ? raw : `${TAG}${raw === 0 ? '-0' : raw}`;
			case 'boolean':
				return raw;
			case 'undefined':
				return `${TAG}undefined`;
			case 'object': {
				const proto = raw === null ? null : Object.getPrototypeOf(raw);
				if (raw !== null && !Array.isArray(raw) && proto !== Object.prototype && proto !== null) plain = false;
				return raw;
			}
			default:
				plain = false;
				return null;
		}
	});
	return plain ? json : undefined;
}

/**
 * What a chart's drawing is made of besides its language and width, as a hash: its kind, input, fixed options and
 * device labels (the pages of two languages plan equal charts as different objects). Null where the chart is drawn
 * in each language: a kind sized by its texts, or content contentJson does not write.
 */
function fingerprint(spec: DrawnSpec, deviceLabels: Record<string, string>): string | null {
	let byLabels = fingerprints.get(spec);
	if (!byLabels) fingerprints.set(spec, (byLabels = new WeakMap()));
	let print = byLabels.get(deviceLabels);
	if (print === undefined) {
		print = null;
		if (sharable() && !kindOf(spec.kind).sizedByText) {
			const json = contentJson([spec.kind, spec.fixed, deviceLabels, spec.input]);
			if (json !== undefined) print = createHash('sha256').update(json).digest('base64url');
		}
		byLabels.set(deviceLabels, print);
	}
	return print;
}

/** A drawing made once for every language: its markup cut at the values that hold placeholders. */
export interface SharedDrawing {
	/** The markup and title in the language of `ctx` (the chart's context in it). */
	write(ctx: ChartContext): { markup: string; title: string };
	/** The chart's summary and data table in the language of `ctx`, written from theirs with the placeholders. */
	summary(ctx: ChartContext): string;
	table(ctx: ChartContext): ChartTable;
}

/** A text with placeholders written in the language of `ctx`; a text without any as it is. */
function written(text: string, ctx: ChartContext): string {
	return text.includes(OPEN) ? writeText(readPlaceholders(text), ctx) : text;
}

const escapeText = (text: string) => text.replace(/[<>&\xA0]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '\xA0': '&#160;' })[c]!);
/** linkedom's serialization of an HTML document: text escaped, an attribute's value only its quotes. */
const escapeAttribute = (value: string) => value.replace(/"/g, '&quot;');

/**
 * The drawing `element` (drawn with the placeholders) cut into its markup's fixed parts and the values that hold
 * placeholders; null when a placeholder does not lie whole in one value.
 */
function cutDrawing(element: Element, title: string, about: Pick<ChartSpec, 'kind' | 'input'>, options: ChartOptions): SharedDrawing | null {
	const values: { text: string; attribute: boolean }[] = [];
	const holdsPlaceholder = (text: string) => text.includes(OPEN) || text.includes(SEP) || text.includes(CLOSE);
	const visit = (node: Node) => {
		if (node.nodeType === 3) {
			const text = node.nodeValue ?? '';
			if (holdsPlaceholder(text)) {
				values.push({ text, attribute: false });
				node.nodeValue = SLOT;
			}
			return;
		}
		if (node.nodeType !== 1) return;
		const el = node as Element;
		for (const { name, value } of [...el.attributes]) {
			if (holdsPlaceholder(value)) {
				values.push({ text: value, attribute: true });
				el.setAttribute(name, SLOT);
			}
		}
		for (const child of [...el.childNodes]) visit(child);
	};
	visit(element);
	const parts = element.outerHTML.split(SLOT);
	if (parts.length !== values.length + 1) return null;
	let read: { text: Text; attribute: boolean }[];
	let readTitle: Text;
	try {
		read = values.map((v) => ({ text: readPlaceholders(v.text), attribute: v.attribute }));
		readTitle = readPlaceholders(title);
	} catch {
		return null;
	}
	return {
		write(ctx) {
			let markup = parts[0]!;
			read.forEach((v, i) => {
				const text = writeText(v.text, ctx);
				markup += (v.attribute ? escapeAttribute(text) : escapeText(text)) + parts[i + 1]!;
			});
			return { markup, title: writeText(readTitle, ctx) };
		},
		// The drawing's own (its aria-description is its summary): worked out once with the placeholders.
		summary: (ctx) => written(chartSummary(about.kind, about.input, options), ctx),
		table(ctx) {
			const { columns, rows } = chartTable(about.kind, about.input, options);
			// A table repeats its texts (a series, a direction) on many rows: each is written once.
			const texts = new Map<string, string>();
			const write = (text: string) => {
				let out = texts.get(text);
				if (out === undefined) texts.set(text, (out = written(text, ctx)));
				return out;
			};
			return { columns: columns.map(write), rows: rows.map((row) => row.map((cell) => (typeof cell === 'string' ? write(cell) : cell))) };
		},
	};
}

/** Drawings made for one language and not yet written in every other (the next page is most often the other's). */
const pending = new Map<string, { drawing: SharedDrawing | null; left: Set<Lang> }>();
const PENDING = 512;

/**
 * The chart drawn with `options` (but its language) once for every language, or null where it is drawn in each (the
 * rules above). `prepare` works on Plot's drawing before its groups are named (chart-kinds.ts drawChart). A drawing is
 * let go once written in every language.
 */
export function sharedDrawing(spec: DrawnSpec, deviceLabels: Record<string, string>, options: ChartOptions, prepare: (element: Element) => void): SharedDrawing | null {
	const print = fingerprint(spec, deviceLabels);
	if (print === null) return null;
	const key = `${print} ${options.width ?? DEFAULT_WIDTH}`;
	let entry = pending.get(key);
	if (!entry) {
		const drawnWith = { ...options, writing: PLACEHOLDERS };
		const picture = drawChart(spec.kind, spec.input, drawnWith, (element) => {
			prepare(element);
			renameAriaGroups(element, (name) => placeholder('a', [name]));
		});
		entry = { drawing: cutDrawing(picture.element, picture.title, spec, drawnWith), left: new Set(LANGS) };
		pending.set(key, entry);
		if (pending.size > PENDING) pending.delete(pending.keys().next().value!);
	}
	entry.left.delete(options.lang);
	if (entry.left.size === 0) pending.delete(key);
	return entry.drawing;
}
