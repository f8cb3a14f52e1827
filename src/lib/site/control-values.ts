// What the chart view's controls (site/chart-controls.ts) show for a view, and the view once one of them changes: the
// page scripts' one vocabulary for them, which is the URL's (url-state.ts: `stat=p99.9`). Light on purpose: the
// page scripts import it eagerly.
import type { LatencyUnit, RateUnit } from '../charts/options.ts';
import { BUCKET_CHOICES, STAT_PARAM, statOfParam } from './url-state.ts';
import type { ViewState } from './view.ts';

/** A control's `data-control` name: one per field of the view it sets. */
export type ControlName = 'stat' | 'rate' | 'latency' | 'log-x' | 'log-y' | 'buckets' | 'direction';

export const CONTROL_NAMES: readonly ControlName[] = ['stat', 'rate', 'latency', 'log-x', 'log-y', 'buckets', 'direction'];

export const RATE_UNITS: readonly RateUnit[] = ['iops', 'MB/s', 'MiB/s'];
export const LATENCY_UNITS: readonly LatencyUnit[] = ['us', 'ms'];

/** What a control shows for a view: a select's value, a checkbox's tick. */
export function controlValue(view: ViewState, name: ControlName): string | boolean {
	switch (name) {
		case 'stat':
			return STAT_PARAM[view.stat];
		case 'rate':
			return view.rateUnit;
		case 'latency':
			return view.latencyUnit;
		case 'log-x':
			return view.logX === true;
		case 'log-y':
			return view.logY === true;
		case 'buckets':
			return String(view.buckets);
		case 'direction':
			return view.direction ?? '';
	}
}

/** The view once a control shows `value`; a value no control offers leaves the view as it was. */
export function viewWithControl(view: ViewState, name: ControlName, value: string | boolean): ViewState {
	const text = String(value);
	switch (name) {
		case 'stat': {
			const stat = statOfParam(text);
			return stat ? { ...view, stat } : view;
		}
		case 'rate':
			return (RATE_UNITS as readonly string[]).includes(text) ? { ...view, rateUnit: text as RateUnit } : view;
		case 'latency':
			return (LATENCY_UNITS as readonly string[]).includes(text) ? { ...view, latencyUnit: text as LatencyUnit } : view;
		case 'log-x':
			return { ...view, logX: value === true };
		case 'log-y':
			return { ...view, logY: value === true };
		case 'buckets': {
			const n = Number(text);
			return (BUCKET_CHOICES as readonly number[]).includes(n) ? { ...view, buckets: n } : view;
		}
		case 'direction':
			return { ...view, direction: text || undefined };
	}
}
