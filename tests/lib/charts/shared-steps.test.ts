// The steps a chart's drawings share (its data, its summary): done once per input and options but width and document.
import { describe, expect, it } from 'vitest';
import { optionsKey, sharedByDrawings } from '../../../src/lib/charts/shared-steps.ts';
import { base, testDocument } from './render.ts';

describe('optionsKey', () => {
	it('is the same for options that differ only in width and document', () => {
		expect(optionsKey({ ...base, width: 280 })).toBe(optionsKey({ ...base, width: 640, document: testDocument() }));
		expect(optionsKey({ ...base, width: 280 })).toBe(optionsKey(base));
	});

	it('differs for any other option, and for objects by identity', () => {
		const keys = [
			base,
			{ ...base, lang: 'zh-Hans' },
			{ ...base, latencyUnit: 'ms' },
			{ ...base, logY: true },
			{ ...base, series: ['a'] },
			{ ...base, series: ['a'] },
			{ ...base, deviceLabels: { ...base.deviceLabels } },
			{ ...base, stat: 'p99' },
		].map(optionsKey);
		expect(new Set(keys).size).toBe(keys.length);
	});

	it('reads an option left undefined as absent, and tells strings from numbers', () => {
		expect(optionsKey({ ...base, logX: undefined })).toBe(optionsKey(base));
		expect(optionsKey({ a: '1' })).not.toBe(optionsKey({ a: 1 }));
		expect(optionsKey({ a: 'x;b=1' })).not.toBe(optionsKey({ a: 'x', b: 1 }));
	});
});

describe('sharedByDrawings', () => {
	const counted = () => {
		let calls = 0;
		const step = sharedByDrawings((input: { n: number }, options: { lang: string; width?: number }) => {
			calls++;
			return { doubled: input.n * 2, lang: options.lang };
		});
		return { step, calls: () => calls };
	};

	it('works a step out once for the drawings of one input at several widths', () => {
		const { step, calls } = counted();
		const input = { n: 2 };
		const first = step(input, { lang: 'en', width: 640 });
		expect(step(input, { lang: 'en', width: 280 })).toBe(first);
		expect(step(input, { lang: 'en' })).toBe(first);
		expect(calls()).toBe(1);
	});

	it('works it out again for another language or another input, even an equal one', () => {
		const { step, calls } = counted();
		const input = { n: 2 };
		expect(step(input, { lang: 'en' })).toEqual({ doubled: 4, lang: 'en' });
		expect(step(input, { lang: 'zh-Hans' })).toEqual({ doubled: 4, lang: 'zh-Hans' });
		expect(step({ n: 2 }, { lang: 'en' })).not.toBe(step(input, { lang: 'en' }));
		expect(calls()).toBe(3);
	});

	it('keeps a few results per input, the oldest given up first', () => {
		const { step, calls } = counted();
		const input = { n: 1 };
		const langs = Array.from({ length: 9 }, (_, i) => `l${i}`);
		for (const lang of langs) step(input, { lang });
		expect(calls()).toBe(9);
		step(input, { lang: 'l8' });
		expect(calls()).toBe(9);
		step(input, { lang: 'l0' });
		expect(calls()).toBe(10);
	});
});
