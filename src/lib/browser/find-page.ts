// The finder in the browser: the question from the URL (the form is a plain GET form), the files it needs
// (its family's head, its load's band index and the pages of what it shows, find/layout.ts, paged.ts), the answer (find/answer.ts) built as
// DOM text, each table's CSV through the one CSV writer, and the ranked drives' measured curves drawn by the chart
// library (latency vs IOPS for a rate, QD scaling for a queue depth), with SVG and PNG like every chart.
import { t, type Lang } from '../../i18n/strings.ts';
import { csvText } from '../csv.ts';
import { compareQuery } from '../compare/drive-file.ts';
import { domOf, type El } from '../element.ts';
import type { CurveAnswer, FinderAnswer } from '../find/answer.ts';
import type { FinderFamily } from '../find/family.ts';
import type { FinderHead } from '../find/layout.ts';
import { answerColumns, answerEl, answerRowsCsv, questionText, type FinderView } from '../find/html.ts';
import { BOUND_STATS, familyFileKey, paramsOf, queryOf, SHOWN_STEP, shownOf, withShown, type FinderQuery, type ShownPart } from '../find/query.ts';
import { embedSize, iframeSnippet } from '../embed-snippet.ts';
import { chartRows, drawRankingChart, loadAnswer, rankingChart } from './find-data.ts';
import { reviewTitle } from '../site/labels.ts';
import { chartFigureEl } from '../site/chart-figure.ts';
import { OWN_DEVICE_ID, OWN_REVIEW_ID, type OwnParse } from '../own-result/common.ts';
import { encodeOwnShare } from '../own-result/share.ts';
import { parseInWorker } from './own-result.ts';
import { sharedOwnOfLocation, withShareFragment } from './own-share.ts';
import { fillFrame, fillSummary } from './figure-fill.ts';

const page = document.querySelector<HTMLElement>('[data-find-page]')!;
const lang = page.dataset.lang as Lang;
const siteBase = page.dataset.siteBase!;
const pageBase = page.dataset.pageBase!;
const form = page.querySelector<HTMLFormElement>('[data-find-form]')!;
const status = page.querySelector<HTMLElement>('[data-find-status]')!;
const output = page.querySelector<HTMLElement>('[data-find-output]')!;
const $ = <T extends Element>(selector: string) => page.querySelector<T>(selector)!;
const fileInput = $<HTMLInputElement>('[data-find-file]');
const ownStatus = $<HTMLElement>('[data-find-own-status]');
const shareBox = $<HTMLElement>('[data-find-share]');
const shareCopy = $<HTMLButtonElement>('[data-find-share-copy]');
const shareLink = $<HTMLInputElement>('[data-find-share-link]');
const shareNote = $<HTMLElement>('[data-find-share-note]');

// The reader's own result: parsed in a worker, kept in this page and in the link's fragment only.
let own: { rows: Extract<OwnParse, { ok: true }>; name: string; fragment: string | null } | null = null;

async function setOwn(rows: Extract<OwnParse, { ok: true }>, name: string): Promise<void> {
	const encoded = await encodeOwnShare({ ...rows, name });
	own = { rows, name, fragment: encoded.ok ? encoded.fragment : null };
	ownStatus.textContent = t(lang, 'findOwnRead', { file: name, format: rows.format });
	shareBox.hidden = !encoded.ok;
	shareNote.hidden = false;
	shareNote.textContent = encoded.ok ? t(lang, 'compareShareNote') : encoded.message;
	if (encoded.ok) {
		history.replaceState(null, '', withShareFragment(`${location.pathname}${location.search}`, encoded.fragment));
		shareLink.value = location.href;
	}
	await render();
}

fileInput.addEventListener('change', async () => {
	const file = fileInput.files?.[0];
	if (!file) return;
	const parsed = await parseInWorker(file);
	if (!parsed.ok) {
		const e = parsed.error;
		ownStatus.textContent = t(lang, 'compareOwnError', { where: [e.file, e.line].filter((x) => x !== null).join(':'), message: e.message });
		return;
	}
	await setOwn(parsed, file.name);
});

shareCopy.addEventListener('click', async () => {
	shareLink.select();
	try {
		await navigator.clipboard.writeText(shareLink.value);
		shareNote.textContent = t(lang, 'compareShareCopied');
	} catch {
		shareNote.textContent = t(lang, 'compareShareSelect');
	}
});

/** The form shows the question of the URL. */
function fillForm(q: FinderQuery): void {
	const set = (name: string, value: string) => {
		const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
		if (field) field.value = value;
	};
	set('access', q.access);
	set('read', String(q.read_pct));
	set('bs', String(q.block_size_bytes));
	set('qd', q.outstanding === null ? '' : String(q.outstanding));
	set('rate', q.rate_iops === null ? '' : String(Math.round(q.rate_iops)));
	for (const s of BOUND_STATS) set(s, q.bounds[s] === undefined ? '' : String(q.bounds[s]));
}

// Empty fields are left out of the URL (a plain GET form would send them empty).
form.addEventListener('submit', (e) => {
	e.preventDefault();
	const params = new URLSearchParams();
	for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v.trim() !== '') params.set(k, v.trim());
	history.pushState(null, '', withShareFragment(`${location.pathname}?${params}`, own?.fragment ?? null));
	if (own?.fragment) shareLink.value = location.href;
	void render();
});
addEventListener('popstate', () => void render());

/** The ranking chart's figure, as every page writes a chart (site/chart-figure.ts), drawn when the chart library has loaded. */
function chartFigure(q: FinderQuery, a: FinderAnswer, head: FinderHead, family: FinderFamily): { figure: El; draw: () => Promise<void> } | null {
	const chart = rankingChart(q, a);
	if (!chart) return null;
	const rows = chartRows(head, chart, (c) => c.device_id === OWN_DEVICE_ID);
	const src = `${location.origin}${siteBase}embed/${page.dataset.langPrefix ?? ''}find/?${paramsOf(q)}`;
	const title = t(lang, 'find_chartTitle');
	const size = embedSize(640, 480);
	const figure = chartFigureEl({
		lang,
		id: 'find-chart',
		kind: chart.kind,
		title,
		note: chart.total > chart.curves.length ? t(lang, 'find_chartFirst', { shown: chart.curves.length, total: chart.total }) : undefined,
		summary: '',
		// The embed answers the same question; its snippet is written here for it, with nothing of the page's address to add.
		embed: { src, title, width: size.width, height: size.height, keep: 'none', hint: t(lang, 'find_chartEmbedHint'), snippet: iframeSnippet(src, title, size) },
	});
	return {
		figure,
		draw: async () => {
			const drawn = await drawRankingChart(chart, rows, family, lang, output.clientWidth || 640);
			const target = output.querySelector<HTMLElement>('#find-chart');
			if (!target) return;
			fillFrame(target, drawn.element);
			fillSummary(target, drawn.summary);
		},
	};
}

function downloadCsv(name: string, list: readonly CurveAnswer[], v: FinderView): void {
	const url = URL.createObjectURL(new Blob([csvText({ columns: answerColumns(lang), rows: answerRowsCsv(list, v) })], { type: 'text/csv;charset=utf-8' }));
	const a = document.createElement('a');
	a.href = url;
	a.download = `${name}.csv`;
	a.click();
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

let rendered = 0;

async function render(): Promise<void> {
	const mine = ++rendered;
	const q = queryOf(new URLSearchParams(location.search));
	output.replaceChildren();
	page.dataset.state = 'loading';
	if (!q) {
		status.textContent = '';
		page.dataset.state = 'ready';
		return;
	}
	fillForm(q);
	status.textContent = t(lang, 'findLoading');
	const shown = shownOf(new URLSearchParams(location.search));
	// The reader's own result is answered with the files' (all of it: it is in this page).
	const extra = own
		? {
				runs: own.rows.runs,
				reviews: { [OWN_REVIEW_ID]: { review_id: OWN_REVIEW_ID, title: own.name, title_en: null, year: null, platform_cpu: null, platform_os: null, drive_count: null, methodology_json: null } },
				devices: { [OWN_DEVICE_ID]: { label: t(lang, 'compareOwnDrive'), device_class: 'unknown' as const } },
				drives: new Set([OWN_DEVICE_ID]),
			}
		: null;
	let loaded: Awaited<ReturnType<typeof loadAnswer>>;
	try {
		loaded = await loadAnswer(q, shown, extra);
	} catch (err) {
		status.textContent = t(lang, 'findFailed', { reason: err instanceof Error ? err.message : String(err) });
		page.dataset.state = 'ready';
		return;
	}
	if (mine !== rendered) return;
	if (!loaded) {
		status.textContent = `${questionText(q, lang)}: ${t(lang, 'findNoFamily')}`;
		page.dataset.state = 'ready';
		return;
	}
	const { answer, family, totals } = loaded.paged;
	const v: FinderView = {
		lang,
		family,
		totals,
		reviewHref: (id) => (id === OWN_REVIEW_ID ? '#find-own' : `${pageBase}reviews/${id}/`),
		driveHref: (id) => (id === OWN_DEVICE_ID ? '#find-own' : `${pageBase}drives/${id}/`),
		// The reader's own result goes along in the comparison's link (its fragment), never as a drive id.
		compareHref: (devices) => withShareFragment(`${pageBase}${compareQuery(devices.filter((d) => d !== OWN_DEVICE_ID)).slice(1)}`, devices.includes(OWN_DEVICE_ID) ? (own?.fragment ?? null) : null),
		reviewTitle: (id) => {
			const r = family.reviews[id];
			return r ? reviewTitle(r, lang) : id;
		},
	};
	const chart = chartFigure(q, answer, loaded.head, family);
	output.replaceChildren(domOf(answerEl(q, answer, v, chart?.figure ?? null), document));
	const tables: Record<string, readonly CurveAnswer[]> = {
		...Object.fromEntries(answer.ranked.map((list, i) => [`find-table-${i}`, list])),
		'find-apart': answer.apart,
		'find-not-drives': answer.notDrives,
	};
	// "Show more": the next ones of a part, read from the pages already fetched and the next ones (the URL says how many).
	for (const button of output.querySelectorAll<HTMLButtonElement>('[data-find-more]')) {
		button.addEventListener('click', () => {
			const part = button.dataset.findMore as ShownPart;
			const params = withShown(new URLSearchParams(location.search), part, shown[part] + SHOWN_STEP[part]);
			history.pushState(null, '', withShareFragment(`${location.pathname}?${params}`, own?.fragment ?? null));
			if (own?.fragment) shareLink.value = location.href;
			void render();
		});
	}
	for (const button of output.querySelectorAll<HTMLButtonElement>('[data-find-csv]')) {
		button.addEventListener('click', () => downloadCsv(`find-${familyFileKey(q)}-${button.dataset.findCsv}`, tables[button.dataset.findCsv!] ?? [], v));
	}
	status.textContent = '';
	await chart?.draw();
	if (mine === rendered) page.dataset.state = 'ready';
}

/** A result link (`#own=…`) is opened as a dropped file is; a bad one gets a plain message. */
async function start(): Promise<void> {
	const decoding = sharedOwnOfLocation();
	const shared = decoding ? await decoding : null;
	if (shared?.ok) return setOwn({ ok: true, format: shared.format, ...shared.rows }, shared.name);
	if (shared) ownStatus.textContent = t(lang, 'compareShareBad', { message: shared.message });
	await render();
}

void start();
