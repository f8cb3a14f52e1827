// The chart view in the page URL: ?stat=p99&unit=ms&log=x&devices=a,b&buckets=1000&dir=write.
// `unit` lists a latency unit and/or a throughput unit (us, ms, iops, MBps, MiBps); `log` lists the log axes
// (x, y, or "none" to turn every log axis off). Anything absent or unknown keeps the default.
import type { LatencyStatistic, LatencyUnit, RateUnit } from '../charts/options.ts';
import { KEBAB_ID } from '../ids.ts';
import { DIRECTIONS } from '../schema.ts';
import { DEFAULT_VIEW, type ViewState } from './view.ts';

export const BUCKET_CHOICES = [100, 300, 1000] as const;

const STATS: Record<string, LatencyStatistic> = { mean: 'mean', p50: 'p50', p99: 'p99', 'p99.9': 'p99_9', 'p99.99': 'p99_99' };
/** Each latency statistic as the URL's `stat` names it, in the order the controls list them. */
export const STAT_PARAM: Record<LatencyStatistic, string> = { mean: 'mean', p50: 'p50', p99: 'p99', p99_9: 'p99.9', p99_99: 'p99.99' };
/** A latency statistic from its URL name ("p99.9"); undefined for any other text. */
export function statOfParam(param: string): LatencyStatistic | undefined {
	return Object.hasOwn(STATS, param) ? STATS[param] : undefined;
}
const RATE_PARAM: Record<RateUnit, string> = { iops: 'iops', 'MB/s': 'MBps', 'MiB/s': 'MiBps' };
const RATES: Record<string, RateUnit> = { iops: 'iops', mbps: 'MB/s', 'mb/s': 'MB/s', mibps: 'MiB/s', 'mib/s': 'MiB/s' };
const LATENCIES: Record<string, LatencyUnit> = { us: 'us', µs: 'us', ms: 'ms' };
const KNOWN_DIRECTIONS = new Set<string>(DIRECTIONS);

const list = (v: string | null) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export function viewFromQuery(query: URLSearchParams): ViewState {
	const view: ViewState = { ...DEFAULT_VIEW };
	const stat = statOfParam(query.get('stat') ?? '');
	if (stat) view.stat = stat;
	for (const token of list(query.get('unit'))) {
		const lower = token.toLowerCase();
		if (LATENCIES[lower]) view.latencyUnit = LATENCIES[lower];
		else if (RATES[lower]) view.rateUnit = RATES[lower];
	}
	if (query.has('log')) {
		const axes = list(query.get('log'));
		view.logX = axes.includes('x');
		view.logY = axes.includes('y');
	}
	if (query.has('devices')) view.devices = list(query.get('devices')).filter((d) => KEBAB_ID.test(d));
	const buckets = Number(query.get('buckets'));
	if ((BUCKET_CHOICES as readonly number[]).includes(buckets)) view.buckets = buckets;
	const dir = query.get('dir');
	if (dir && KNOWN_DIRECTIONS.has(dir)) view.direction = dir;
	return view;
}

/** The query string for a view: only what differs from the defaults; other parameters are kept. */
export function queryFromView(view: ViewState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
	const query = new URLSearchParams(base);
	for (const key of ['stat', 'unit', 'log', 'devices', 'buckets', 'dir']) query.delete(key);
	if (view.stat !== DEFAULT_VIEW.stat) query.set('stat', STAT_PARAM[view.stat]);
	const units = [
		view.rateUnit !== DEFAULT_VIEW.rateUnit ? RATE_PARAM[view.rateUnit] : null,
		view.latencyUnit !== DEFAULT_VIEW.latencyUnit ? view.latencyUnit : null,
	].filter(Boolean);
	if (units.length) query.set('unit', units.join(','));
	if (view.logX !== undefined || view.logY !== undefined) {
		const axes = [view.logX ? 'x' : null, view.logY ? 'y' : null].filter(Boolean);
		query.set('log', axes.length ? axes.join(',') : 'none');
	}
	if (view.devices) query.set('devices', view.devices.join(','));
	if (view.buckets !== DEFAULT_VIEW.buckets) query.set('buckets', String(view.buckets));
	if (view.direction) query.set('dir', view.direction);
	return query;
}

/** True when the view differs from what the page was pre-rendered with. */
export function isDefaultView(view: ViewState): boolean {
	return queryFromView(view).toString() === '';
}

/** Whether going from one view to another needs new rows (DuckDB), not just a redraw of the rows in the page. */
export function needsRequery(view: ViewState): boolean {
	return view.buckets !== DEFAULT_VIEW.buckets || view.direction !== undefined;
}
