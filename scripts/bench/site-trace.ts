// Where a page's time to its headline chart goes: a Chromium trace of a cold load, its renderer's main thread summed
// by phase from navigation start to the frame that shows the chart (site.ts's measure), and the wait from that frame's
// commit to its presentation (raster and display, off the main thread).
import type { Browser, Page } from 'playwright-core';

const CATEGORIES = [
	'devtools.timeline',
	'disabled-by-default-devtools.timeline',
	'blink.user_timing',
	'loading',
	'toplevel',
	'v8.execute',
	'blink',
	'fonts',
];

/** Trace event names and the phase their time (less their children's) counts to. */
const PHASE_OF: Record<string, Phase> = {
	ParseHTML: 'html parse',
	'HTMLDocumentParser::appendBytes': 'html parse',
	'Blink.ParseStyleSheet.UpdateTime': 'css parse',
	'CSSParserImpl::parseStyleSheet': 'css parse',
	'RuleSet::addRulesFromSheet': 'css parse',
	EvaluateScript: 'script',
	FunctionCall: 'script',
	'v8.compile': 'script',
	'v8.run': 'script',
	RunMicrotasks: 'script',
	'Blink.Style.UpdateTime': 'style',
	UpdateLayoutTree: 'style',
	'Document::recalcStyle': 'style',
	'Blink.Layout.UpdateTime': 'layout',
	Layout: 'layout',
	'FontCache::GetFontPlatformData': 'font lookups',
	PrePaint: 'paint',
	Paint: 'paint',
	'Blink.Paint.UpdateTime': 'paint',
	Layerize: 'paint',
	Commit: 'paint',
	'DocumentLoader::CommitNavigation': 'navigation',
	'Frame::Detach': 'navigation',
};
export const PHASES = ['navigation', 'html parse', 'css parse', 'script', 'style', 'layout', 'font lookups', 'paint', 'other'] as const;
export type Phase = (typeof PHASES)[number];

export interface PaintTrace {
	/** Main-thread time per phase until the headline frame, ms. */
	phases: Record<Phase, number>;
	/** Navigation start to the first HTML parse (request, response, commit), ms. */
	toParse: number;
	/** The headline frame's last commit to its presentation (raster, display), ms. */
	toScreen: number;
	/** Navigation start to the headline chart on screen, ms. */
	total: number;
}

interface TraceEvent {
	name: string;
	ph: string;
	ts: number;
	dur?: number;
	pid: number;
	tid: number;
	args?: { beginData?: { url?: string }; data?: { documentLoaderURL?: string } };
}

/** Loads `url` in `page` under a trace and sums it; `until` says when the headline chart is on screen (ms after navigation start). */
export async function tracePaint(browser: Browser, page: Page, url: string, until: (page: Page) => Promise<number>): Promise<PaintTrace> {
	await browser.startTracing(page, { categories: CATEGORIES });
	await page.goto(url, { waitUntil: 'load' });
	const total = await until(page);
	const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
	const path = new URL(url).pathname;
	const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.endsWith(path));
	const start = events.find((e) => e.name === 'navigationStart' && e.pid === parse?.pid && e.args?.data?.documentLoaderURL?.endsWith(path));
	if (!parse || !start) throw new Error(`${url}: no parse or navigation start in the trace`);
	const from = start.ts;
	const to = from + total * 1000;
	const main = events.filter((e): e is TraceEvent & { dur: number } => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined);
	const lastCommit = main.filter((e) => e.name === 'Commit' && e.ts < to).at(-1);
	return {
		phases: phaseTimes(main, from, to),
		toParse: (parse.ts - from) / 1000,
		toScreen: lastCommit ? (to - (lastCommit.ts + lastCommit.dur)) / 1000 : NaN,
		total,
	};
}

/**
 * The time of one thread's complete events (ts and dur in µs) within [from, to], by phase, in ms: an event counts its
 * own time less its children's to its phase (PHASE_OF), or to its parent's when its name has none ('other' at the top).
 */
export function phaseTimes(events: readonly { name: string; ts: number; dur: number }[], from: number, to: number): Record<Phase, number> {
	const inWindow = events.filter((e) => e.ts < to && e.ts + e.dur > from).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
	const phases = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
	const clip = (e: { ts: number; dur: number }) => Math.max(0, Math.min(e.ts + e.dur, to) - Math.max(e.ts, from));
	const stack: { end: number; phase: Phase }[] = [];
	for (const e of inWindow) {
		while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
		const parent = stack.at(-1);
		const phase = PHASE_OF[e.name] ?? parent?.phase ?? 'other';
		// Each child moves its time from its parent's phase to its own.
		if (parent) phases[parent.phase] -= clip(e);
		phases[phase] += clip(e);
		stack.push({ end: e.ts + e.dur, phase });
	}
	for (const p of PHASES) phases[p] /= 1000;
	return phases;
}
