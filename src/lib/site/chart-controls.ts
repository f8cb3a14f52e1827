// The chart view's controls (statistic, units, log axes, time resolution, ladder direction, drives), one definition
// for every page that has them: the pages' chart settings (ChartControls.astro) and the comparison page's row
// (ComparePage.astro) write the same fields, each a `data-control` (control-values.ts names them), whose values are
// the URL's (url-state.ts: `p99.9`, not the view's `p99_9`). The page scripts (browser/charts-page.ts,
// browser/compare-page.ts) read and set them through control-values.ts, so a control, the URL and the view say one
// thing.
import { t, type Lang } from '../../i18n/strings.ts';
import { CHART_LABELS } from '../charts/labels.ts';
import type { KindControl } from '../charts/kind.ts';
import type { LatencyStatistic, LatencyUnit, RateUnit } from '../charts/options.ts';
import { el, type El } from '../element.ts';
import { LATENCY_UNITS, RATE_UNITS, type ControlName } from './control-values.ts';
import { BUCKET_CHOICES, STAT_PARAM } from './url-state.ts';
import { DEFAULT_VIEW } from './view.ts';

const RATE_TEXT: Record<RateUnit, string> = { iops: 'IOPS', 'MB/s': 'MB/s', 'MiB/s': 'MiB/s' };
const LATENCY_TEXT: Record<LatencyUnit, string> = { us: 'µs', ms: 'ms' };

export interface ControlsOf {
	lang: Lang;
	/** The controls the page's charts respond to (each kind's `controls`). */
	wanted: ReadonlySet<KindControl>;
	/** The time resolution is shown only where a time series is drawn. */
	hasTimeseries?: boolean;
	/** The ladders' directions: a choice when there are two or more. */
	directions?: readonly string[];
	/** The drives shown (id, display name): a choice when there are two or more. */
	devices?: readonly { id: string; label: string }[];
}

const FIELD = 'flex flex-col gap-1';

function select(name: ControlName, label: string, options: readonly (readonly [string, string])[], selected?: string): El {
	return el(
		'label',
		{ class: FIELD },
		el('span', { class: 'field-label mb-0' }, label),
		el(
			'select',
			{ class: 'field w-auto', 'data-control': name, 'data-testid': `control-${name}` },
			...options.map(([value, text]) => el('option', { value, selected: selected !== undefined && value === selected }, text)),
		),
	);
}

function checkboxes(legend: string, boxes: readonly El[], wrap = false): El {
	return el(
		'fieldset',
		{ class: wrap ? 'flex min-w-0 flex-col gap-1' : FIELD },
		el('legend', { class: 'field-label mb-1' }, legend),
		el('div', { class: wrap ? 'flex flex-wrap gap-x-4 gap-y-1 py-1.5' : 'flex gap-3 py-1.5' }, ...boxes),
	);
}

const box = (attrs: El['attrs'], text: string) => el('label', { class: 'flex items-center gap-1.5' }, el('input', { type: 'checkbox', ...attrs }), text);

/** The controls' fields, in the order every page shows them; those the page's charts do not use are left out. */
export function chartControlsEl({ lang, wanted, hasTimeseries = false, directions = [], devices = [] }: ControlsOf): El[] {
	const L = CHART_LABELS[lang] as Record<string, string>;
	const fields: El[] = [];
	if (wanted.has('stat')) {
		const stats = (Object.keys(STAT_PARAM) as LatencyStatistic[]).map((stat) => [STAT_PARAM[stat], L[`stat_${stat}`]!] as const);
		fields.push(select('stat', t(lang, 'controlStat'), stats, STAT_PARAM[DEFAULT_VIEW.stat]));
	}
	if (wanted.has('rate')) fields.push(select('rate', t(lang, 'controlRate'), RATE_UNITS.map((u) => [u, RATE_TEXT[u]] as const)));
	if (wanted.has('latency')) fields.push(select('latency', t(lang, 'controlLatency'), LATENCY_UNITS.map((u) => [u, LATENCY_TEXT[u]] as const)));
	if (wanted.has('log')) {
		fields.push(
			checkboxes(t(lang, 'controlLog'), [
				box({ 'data-control': 'log-x', 'data-testid': 'control-log-x' }, t(lang, 'controlLogX')),
				box({ 'data-control': 'log-y', 'data-testid': 'control-log-y' }, t(lang, 'controlLogY')),
			]),
		);
	}
	if (wanted.has('buckets') && hasTimeseries) {
		const choices = BUCKET_CHOICES.map((n) => [String(n), t(lang, 'controlBucketsValue', { n })] as const);
		fields.push(select('buckets', t(lang, 'controlBuckets'), choices, String(DEFAULT_VIEW.buckets)));
	}
	if (wanted.has('direction') && directions.length > 1) {
		const choices = [['', t(lang, 'filterAny')] as const, ...directions.map((d) => [d, L[`direction_${d}`] ?? d] as const)];
		fields.push(select('direction', t(lang, 'controlDirection'), choices));
	}
	if (devices.length > 1) {
		const boxes = devices.map((d) => box({ checked: true, 'data-control': 'device', value: d.id, 'data-testid': 'control-device' }, d.label));
		fields.push(checkboxes(t(lang, 'controlDevices'), boxes, true));
	}
	return fields;
}
