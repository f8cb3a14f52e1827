// The check behind "every string the site writes exists in Chinese": English words on a Chinese page that are not
// data. Data is what the dataset holds (drive names, review titles, curators' notes, workload labels, file names…:
// every text value of every published table, JSON cells included), text the page marks as another language (a quote
// with its `lang`) or as code, and the few words that are the same in both languages: units, tools and file formats
// (TERMS, each with its reason). Everything else in Latin letters is the site's own English and fails the check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTable } from './dataset-files.ts';
import { TABLES, type DeviceRow } from '../../src/lib/schema.ts';
import { deviceLabels } from '../../src/lib/site/labels.ts';

/**
 * Words printed as they are in Chinese text. Units and statistics are symbols; tools, formats and products are names.
 * A word here is allowed anywhere, so only words that are never English prose belong here.
 */
export const TERMS = new Set(
	[
		// units and symbols
		'ms', 'ns', 'µs', 'px', 'log', 'KiB', 'MiB', 'GiB', 'TiB', 'KB', 'MB', 'GB', 'TB', 'PB', 'MBps', 'MiBps', 'iops',
		// statistics and fio's latency kinds
		'clat', 'slat', 'lat',
		// tools and their output formats
		'fio', 'sysbench', 'Iometer', 'DiskSpd', 'Vdbench', 'VDbench', 'CrystalDiskMark', 'elbencho', 'json', 'terse', 'Benchmark', 'Factory',
		// buses and protocols (the vocabulary's interface words)
		'PCIe', 'NVMe', 'SATA', 'SAS',
		// file formats and the software the site is made with or names
		'Parquet', 'DuckDB', 'JavaScript', 'WebAssembly', 'zip', 'csv', 'svg', 'png', 'oEmbed', 'iframe', 'GitHub', 'Observable', 'Plot', 'BibTeX',
	].map((w) => w.toLowerCase()),
);

/**
 * Tokens of text: Latin letters, digits and the marks inside names and words (D7-P5510, device_id, don’t,
 * review.yaml, raw/x.json, bytes/s). Chinese characters separate tokens: "P5800X随" is the name P5800X, then Chinese.
 */
const TOKEN = /[A-Za-z0-9µ_'’-]+(?:[./][A-Za-z0-9µ_'’-]+)*/g;
const TOKEN_CHAR = /[A-Za-z0-9µ_'’-]/;
/**
 * A word in Latin letters: two or more letters (hyphens and apostrophes inside); a token with digits, `_`, `.` or `/`
 * is a name (of a drive, a column, a file) or a unit, a single letter a symbol (the x and y axes).
 */
const WORD = /^[A-Za-z]+(?:['’-][A-Za-z]+)*$/;
const isWord = (w: string) => WORD.test(w) && /[A-Za-z].*[A-Za-z]/.test(w);
/** The English words of text: words not all in capitals (IOPS, QD, SNIA are symbols) and not terms. */
function englishWords(text: string): string[] {
	return (text.match(TOKEN) ?? []).filter((w) => isWord(w) && w !== w.toUpperCase() && !TERMS.has(w.toLowerCase()));
}

/** The dataset's text, indexed by the English words it holds, so that a page's text is matched against few strings. */
export interface DataText {
	byWord: Map<string, string[]>;
	size: number;
	/** Every data string, lower case, joined by NUL: to find a long piece of one. */
	joined: string;
}

function collect(value: unknown, out: Set<string>): void {
	if (typeof value === 'string') {
		const text = value.trim();
		if (englishWords(text).length === 0) return;
		out.add(text);
		if (/^[[{]/.test(text)) {
			try {
				collect(JSON.parse(text), out);
			} catch {
				// text that only looks like JSON
			}
		}
	} else if (Array.isArray(value)) for (const v of value) collect(v, out);
	else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect([k.replace(/_/g, ' '), v], out);
}

/**
 * Every text value of every table of the dataset in `dataDir` (the site's data/ folder), JSON cells opened; the
 * manifest's (file names); the tables' and columns' names; and the drives' names as the site composes them.
 */
export async function datasetText(dataDir: string): Promise<DataText> {
	const strings = new Set<string>();
	for (const table of TABLES) {
		const rows = await readTable(dataDir, table.name);
		for (const row of rows) collect(Object.values(row), strings);
		collect([table.name, ...table.columns.map((c) => c.name)], strings);
		if (table.name === 'devices') collect(deviceLabels(rows as DeviceRow[]), strings);
	}
	collect(JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')), strings);
	return indexText(strings);
}

/** Data strings indexed by each English word they hold; longest first, so that a long note wins over a word of it. */
export function indexText(strings: Iterable<string>): DataText {
	const byWord = new Map<string, string[]>();
	let size = 0;
	const all: string[] = [];
	for (const s of strings) {
		size++;
		all.push(s.toLowerCase());
		for (const w of new Set(englishWords(s).map((x) => x.toLowerCase()))) {
			if (!byWord.has(w)) byWord.set(w, []);
			byWord.get(w)!.push(s);
		}
	}
	for (const list of byWord.values()) list.sort((a, b) => b.length - a.length);
	return { byWord, size, joined: `\0${all.join('\0')}\0` };
}

/** A piece of text long enough that, found inside a data string, it is that string's (a note cut by the page). */
const LONG_PIECE = { tokens: 4, chars: 24 };

/**
 * The English words of `text` that are not data. Data is each stretch of Latin text between Chinese characters or
 * punctuation that is a long piece of a data string (a curator's note the page cut, LONG_PIECE), and each data string
 * the text holds whole (whole tokens, case-insensitively); both are found in the text as it is and taken out. Every
 * word left in Latin letters that is not a term is the site's own. A short piece ("not stated") is never data by
 * being inside a longer note, unless the page cut it ("latenc…", a chart's label cut to fit).
 */
export function siteEnglish(text: string, data: DataText): string[] {
	const words = englishWords(text);
	if (words.length === 0) return [];
	// Spans of `text` that are data, each found in the text as it is: long pieces, then whole data strings.
	const spans: [number, number][] = [];
	const lower = text.toLowerCase();
	for (const m of text.matchAll(/[\x20-\x7e\u00a0-\u024f\u2010-\u2027]+/gu)) {
		const piece = m[0].trim();
		const long = (piece.match(TOKEN) ?? []).length >= LONG_PIECE.tokens || piece.length >= LONG_PIECE.chars;
		if (long && data.joined.includes(piece.toLowerCase())) spans.push([m.index, m.index + m[0].length]);
	}
	// A label the page cut ("4k-random-read · latenc…"): its last part is data when a data string holds it from a token's start.
	for (const m of text.matchAll(/([^·:：\u3000-\u303f\u4e00-\u9fff]+)…/gu)) {
		const part = m[1]!.trim();
		const from = m.index + m[1]!.indexOf(part);
		if (part && new RegExp(`(^|[^a-z0-9])${part.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(data.joined)) spans.push([from, from + part.length]);
	}
	const candidates = new Set([...new Set(words.map((x) => x.toLowerCase()))].flatMap((w) => data.byWord.get(w) ?? []));
	for (const s of candidates) {
		const needle = s.toLowerCase();
		// Whole tokens only: "Windows Server" is not taken out of "…-windows-server".
		for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
			if (!TOKEN_CHAR.test(text[at - 1] ?? ' ') && !TOKEN_CHAR.test(text[at + s.length] ?? ' ')) spans.push([at, at + s.length]);
		}
	}
	const chars = [...text.split('')];
	for (const [from, to] of spans) for (let i = from; i < to; i++) chars[i] = ' ';
	return englishWords(chars.join(''));
}

/** One piece of a page's text and where it is (a CSS path or an attribute), as the browser collected it. */
export interface PageText {
	where: string;
	text: string;
}

/**
 * Collects, in the page, every text node and every attribute a reader or a screen reader gets (title, aria-label,
 * placeholder, alt, value of buttons), leaving out scripts, styles, code and text marked as another language than
 * the page's or as not to be translated. Runs in the browser: it must not use anything from this module.
 */
export function collectPageText(): PageText[] {
	const SKIP = 'script, style, template, noscript, code, pre, kbd, samp, textarea, [translate="no"]';
	const pageLang = document.documentElement.lang;
	const foreign = (el: Element) => {
		const marked = el.closest('[lang]');
		return marked !== null && marked.getAttribute('lang') !== pageLang;
	};
	const where = (el: Element) => {
		const parts: string[] = [];
		for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
			const id = e.getAttribute('data-testid') ?? e.id;
			parts.unshift(id ? `${e.tagName.toLowerCase()}[${id}]` : e.tagName.toLowerCase());
		}
		return parts.join(' > ');
	};
	const out: { where: string; text: string }[] = [];
	const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
	for (let node = walker.nextNode(); node; node = walker.nextNode()) {
		const parent = node.parentElement;
		const text = node.textContent?.trim();
		if (!parent || !text || parent.closest(SKIP) || foreign(parent)) continue;
		out.push({ where: where(parent), text });
	}
	for (const el of document.querySelectorAll('[title], [aria-label], [aria-description], [placeholder], [alt], input[type="button"], input[type="submit"]')) {
		if (el.closest(SKIP) || foreign(el)) continue;
		for (const attr of ['title', 'aria-label', 'aria-description', 'placeholder', 'alt', 'value']) {
			const text = el.getAttribute(attr)?.trim();
			if (text && (attr !== 'value' || el.tagName === 'INPUT')) out.push({ where: `${where(el)} @${attr}`, text });
		}
	}
	return out;
}
