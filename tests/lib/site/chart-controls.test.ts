// The chart view's controls, one definition for the pages' chart settings and the comparison page: each value a
// control offers is the URL's word for it, and reading it back gives the view that writes that word into the URL.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { htmlOf } from '../../../src/lib/element.ts';
import { chartControlsEl } from '../../../src/lib/site/chart-controls.ts';
import { CONTROL_NAMES, controlValue, viewWithControl, type ControlName } from '../../../src/lib/site/control-values.ts';
import { queryFromView, viewFromQuery } from '../../../src/lib/site/url-state.ts';
import { DEFAULT_VIEW } from '../../../src/lib/site/view.ts';

const ALL = new Set(['stat', 'rate', 'latency', 'log', 'buckets', 'direction'] as const);
const controlsDoc = () =>
	parseHTML(
		`<div>${chartControlsEl({
			lang: 'en',
			wanted: ALL,
			hasTimeseries: true,
			directions: ['read', 'write'],
			devices: [
				{ id: 'a', label: 'Drive <A>' },
				{ id: 'b', label: 'Drive B' },
			],
		})
			.map(htmlOf)
			.join('')}</div>`,
	).document;

describe('chart controls', () => {
	it('writes one field per control the charts use, each named as the page scripts read it', () => {
		const doc = controlsDoc();
		expect([...doc.querySelectorAll('[data-control]')].map((e) => e.getAttribute('data-control'))).toEqual(['stat', 'rate', 'latency', 'log-x', 'log-y', 'buckets', 'direction', 'device', 'device']);
		expect([...doc.querySelectorAll('[data-control="device"]')].map((e) => [e.getAttribute('value'), e.hasAttribute('checked'), e.parentElement!.textContent])).toEqual([
			['a', true, 'Drive <A>'],
			['b', true, 'Drive B'],
		]);
		// Only what the page's charts use, and a choice only where there is one.
		const few = chartControlsEl({ lang: 'zh-Hans', wanted: new Set(['rate', 'direction', 'buckets']), directions: ['read'], devices: [{ id: 'a', label: 'A' }] });
		expect(few.map((f) => htmlOf(f).match(/data-control="([^"]+)"/)![1])).toEqual(['rate']);
	});

	it('offers the URL’s statistic words (p99.9, not p99_9), the default selected', () => {
		const stat = controlsDoc().querySelector<HTMLSelectElement>('[data-control="stat"]')!;
		expect([...stat.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['mean', 'p50', 'p99', 'p99.9', 'p99.99']);
		expect(stat.querySelector('option[selected]')!.getAttribute('value')).toBe('mean');
	});

	it('reads every value a control offers into the view whose URL says that value, and shows it back', () => {
		const doc = controlsDoc();
		for (const name of CONTROL_NAMES) {
			const control = doc.querySelector(`[data-control="${name}"]`)!;
			const values: (string | boolean)[] = control.tagName === 'SELECT' ? [...control.querySelectorAll('option')].map((o) => o.getAttribute('value')!) : [true, false];
			for (const value of values) {
				const view = viewWithControl(DEFAULT_VIEW, name, value);
				expect(controlValue(view, name), `${name}=${value}`).toBe(value);
				// The URL of that view reads back to it.
				expect(viewFromQuery(queryFromView(view))).toMatchObject({ stat: view.stat, rateUnit: view.rateUnit, latencyUnit: view.latencyUnit, buckets: view.buckets });
			}
		}
		expect(queryFromView(viewWithControl(DEFAULT_VIEW, 'stat', 'p99.9')).get('stat')).toBe('p99.9');
	});

	it('leaves the view as it is for a value no control offers', () => {
		for (const [name, value] of [
			['stat', 'p99_9'],
			['stat', 'toString'],
			['rate', 'MBps'],
			['latency', 'ns'],
			['buckets', '7'],
		] as [ControlName, string][])
			expect(viewWithControl(DEFAULT_VIEW, name, value), `${name}=${value}`).toBe(DEFAULT_VIEW);
	});
});
