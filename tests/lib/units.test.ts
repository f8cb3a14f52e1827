import { describe, expect, it } from 'vitest';
import {
	bytesPerSizeUnit,
	displayUnit,
	fioRateToBytesPerSec,
	fioSizeToBytes,
	normalizePublished,
	parseBlockSize,
	parseCapacityBytes,
	parseCount,
	parseFioSize,
	parseSiSuffixed,
} from '../../src/lib/units.ts';

describe('units', () => {
	it('reads fio sizes the way fio does, including the 4KiB = 4000 trap', () => {
		expect(parseFioSize('4k')).toBe(4096);
		expect(parseFioSize('4KB')).toBe(4096);
		expect(parseFioSize('4KiB')).toBe(4000);
		expect(parseFioSize('4KiB', 1000)).toBe(4096);
		expect(parseFioSize('4k', 1000)).toBe(4000);
		expect(parseFioSize('1m')).toBe(1048576);
		expect(parseFioSize('4096')).toBe(4096);
		expect(parseFioSize('4x')).toBeUndefined();
	});

	it('reads fio normal-output rates of both eras', () => {
		expect(fioRateToBytesPerSec(254727, 'KB/s', 1024)).toBe(254727 * 1024); // fio 2.x, kb_base=1024
		expect(fioRateToBytesPerSec(254727, 'KB/s', 1000)).toBe(254727000);
		expect(fioRateToBytesPerSec(86.8, 'MiB/s', 1024)).toBeCloseTo(86.8 * 1048576);
		expect(fioRateToBytesPerSec(91.0, 'MB/s', 1024, true)).toBe(91e6); // ≥2.17: the parenthesised SI figure
		expect(fioRateToBytesPerSec(1.5, 'MB/s', 1024)).toBe(1.5 * 1048576); // ≤2.16: kb_base units
		expect(fioRateToBytesPerSec(5, 'kB/s', 1024)).toBe(5000);
		expect(fioSizeToBytes(29854, 'MB', 1024, false)).toBe(29854 * 1048576);
		expect(fioSizeToBytes(4295, 'MB', 1024, true)).toBe(4295e6);
	});

	it('reads suffixed counts', () => {
		expect(parseSiSuffixed('11404k')).toBe(11404000);
		expect(parseSiSuffixed('1805.8K')).toBeCloseTo(1805800);
		expect(parseCount('84.3K')).toBeCloseTo(84300);
		expect(parseCount('177万')).toBe(1770000);
		expect(parseCount('1.91M')).toBeCloseTo(1910000);
		expect(parseCount('-47.2')).toBe(-47.2);
		expect(parseCount('12 apples')).toBeUndefined();
	});

	it('treats published block sizes as binary and published rates as printed', () => {
		expect(parseBlockSize('4KiB')).toBe(4096);
		expect(parseBlockSize('4KB')).toBe(4096);
		expect(parseBlockSize('4K')).toBe(4096);
		expect(parseBlockSize('128K')).toBe(131072);
		expect(parseBlockSize('1MiB')).toBe(1048576);
		expect(parseBlockSize('1.5KB')).toBe(1536);
		expect(normalizePublished('546', 'MiB/s')).toEqual({ value: 546 * 1048576, quantity: 'rate', base_unit: 'bytes/s' });
		expect(normalizePublished('7.46', 'GB/s')!.value).toBeCloseTo(7.46e9);
		expect(normalizePublished('1.147', 'ms')!.value).toBeCloseTo(1147000);
		expect(normalizePublished('161', '微秒')!.value).toBe(161000);
		expect(normalizePublished('2.6', '毫秒')!.value).toBeCloseTo(2600000);
		expect(normalizePublished('10', 'furlongs')).toBeUndefined();
	});

	it('prints the microsecond as µs whatever its spelling, and other units as written', () => {
		expect(['us', 'usec', 'μs', 'µs'].map(displayUnit)).toEqual(['µs', 'µs', 'µs', 'µs']);
		expect(['微秒', 'ms', 'IOps', 'MB/s', 'ns', 'u'].map(displayUnit)).toEqual(['微秒', 'ms', 'IOps', 'MB/s', 'ns', 'u']);
	});

	it('reads drive capacities and size units', () => {
		expect(parseCapacityBytes('480GB')).toBe(480e9);
		expect(parseCapacityBytes('7.68TB')).toBe(7.68e12);
		expect(parseCapacityBytes('528GiB')).toBe(528 * 1024 ** 3);
		expect(bytesPerSizeUnit('KiB')).toBe(1024);
		expect(bytesPerSizeUnit('KB', 1000)).toBe(1000);
	});
});
