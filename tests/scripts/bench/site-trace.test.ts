import { describe, expect, it } from 'vitest';
import { phaseTimes } from '../../../scripts/bench/site-trace.ts';

// One main-thread task of 10 ms (times in µs, as in a Chromium trace): an HTML parse that parses a stylesheet and runs
// a step with no phase of its own, then a layout that looks a font up.
const task = [
	{ name: 'RunTask', ts: 0, dur: 10_000 },
	{ name: 'ParseHTML', ts: 1_000, dur: 4_000 },
	{ name: 'CSSParserImpl::parseStyleSheet', ts: 2_000, dur: 1_000 },
	{ name: 'HTMLDocumentParser::PumpTokenizer', ts: 3_500, dur: 500 },
	{ name: 'Blink.Layout.UpdateTime', ts: 6_000, dur: 3_000 },
	{ name: 'FontCache::GetFontPlatformData', ts: 7_000, dur: 1_000 },
];

describe('phaseTimes', () => {
	it('counts each event its own time less its children’s, a nameless step to its parent’s phase', () => {
		const p = phaseTimes(task, 0, 10_000);
		expect(p['html parse']).toBe(3);
		expect(p['css parse']).toBe(1);
		expect(p.layout).toBe(2);
		expect(p['font lookups']).toBe(1);
		expect(p.other).toBe(3);
		expect(Object.values(p).reduce((a, b) => a + b, 0)).toBe(10);
	});

	it('counts only the time inside the window, whatever order the events come in', () => {
		const p = phaseTimes([...task].reverse(), 0, 7_500);
		expect(p.layout).toBe(1);
		expect(p['font lookups']).toBe(0.5);
		expect(p.other).toBe(2);
		expect(Object.values(p).reduce((a, b) => a + b, 0)).toBe(7.5);
		expect(phaseTimes(task, 20_000, 30_000).other).toBe(0);
	});
});
