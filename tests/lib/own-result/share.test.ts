// A reader's own result as a link (src/lib/own-result/share.ts): what a link carries comes back as the same rows, a
// result too large for a link is refused with its size, and a link changed by anyone (a character, cut short, another
// version, valid packing of invalid data, a value of the wrong type, a __proto__ key, another drive's id) is refused
// with a plain message, never an exception.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OWN_DEVICE_ID, parseOwnFile, type OwnParse } from '../../../src/lib/own-result/index.ts';
import { SHARE_MAX_CHARS, SHARE_PREFIX, decodeOwnShare, encodeOwnShare, type OwnShareInput } from '../../../src/lib/own-result/share.ts';
import { LOCAL_FIXTURES, ROOT } from '../../helpers/fixtures.ts';

type Parsed = Extract<OwnParse, { ok: true }>;

function parsed(path: string): OwnShareInput & Parsed {
	const name = path.slice(path.lastIndexOf('/') + 1);
	const result = parseOwnFile(name, readFileSync(path));
	if (!result.ok) throw new Error(result.error.message);
	return { name, ...result };
}

const FIO_JSON = join(LOCAL_FIXTURES, 'fio/json-fio3.14-crucial-sata-randread.json');
const LAB_JSONPLUS = join(ROOT, 'data/reviews/lab-2026-virtual-disk-fio-sweep/raw/4k-random-read-qd32-timeseries.json');
const IOPS_LOG = join(LOCAL_FIXTURES, 'fio/log-fio3.16-raid5-randrw_iops.1.log');

/** A link made by hand: any JSON, packed as the page packs it. */
const linkOf = (doc: unknown) => `${SHARE_PREFIX}${deflateSync(Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc))).toString('base64url')}`;

async function encoded(own: OwnShareInput): Promise<string> {
	const e = await encodeOwnShare(own);
	if (!e.ok) throw new Error(e.message);
	return e.fragment;
}

/** The JSON inside a link, to change and pack again. */
function docOf(fragment: string): Record<string, unknown> {
	return JSON.parse(inflateSync(Buffer.from(fragment.slice(SHARE_PREFIX.length), 'base64url')).toString('utf8')) as Record<string, unknown>;
}

async function refused(fragment: string): Promise<string> {
	const d = await decodeOwnShare(fragment);
	expect(d.ok, JSON.stringify(d).slice(0, 300)).toBe(false);
	return d.ok ? '' : d.message;
}

describe('a result as a link and back', () => {
	it('gives the same rows of a fio JSON: runs and percentiles, the name and the format', async () => {
		const own = parsed(FIO_JSON);
		const e = await encodeOwnShare(own);
		if (!e.ok) throw new Error(e.message);
		expect(e.fragment.startsWith(SHARE_PREFIX)).toBe(true);
		expect(e.fragment).toMatch(/^own=v1\.[A-Za-z0-9_-]+$/);
		// 1 run and 17 percentiles: under 1 KiB (975 characters when written).
		expect(e.chars).toBeLessThan(1100);
		const d = await decodeOwnShare(`#${e.fragment}`);
		if (!d.ok) throw new Error(d.message);
		expect(d.rows.runs).toEqual(own.runs);
		expect(d.rows.percentiles).toEqual(own.percentiles);
		expect(d.rows.histograms).toEqual([]);
		expect([d.name, d.format, d.left_out]).toEqual([own.name, 'fio-json', []]);
	});

	it('keeps a json+ file’s 489 histogram bins when they fit (the lab file: about 6.5 KiB)', async () => {
		const own = parsed(LAB_JSONPLUS);
		expect(own.histograms.length).toBe(489);
		const e = await encodeOwnShare(own);
		if (!e.ok) throw new Error(e.message);
		expect(e.left_out).toEqual([]);
		expect(e.chars).toBeLessThanOrEqual(SHARE_MAX_CHARS);
		const d = await decodeOwnShare(e.fragment);
		if (!d.ok) throw new Error(d.message);
		expect(d.rows.runs).toEqual(own.runs);
		expect(d.rows.percentiles).toEqual(own.percentiles);
		expect(d.rows.histograms).toEqual(own.histograms);
	});

	it('keeps a fio log’s downsampled time series', async () => {
		const own = parsed(IOPS_LOG);
		expect(own.runs).toEqual([]);
		const d = await decodeOwnShare(await encoded(own));
		if (!d.ok) throw new Error(d.message);
		expect(d.rows.timeseries.length).toBeGreaterThan(0);
		expect(d.rows.timeseries).toEqual(own.timeseries);
	});

	it('leaves the histograms out when only they make the link too long, and says so', async () => {
		const own = parsed(LAB_JSONPLUS);
		// Bins with counts that do not compress: three times the lab file's, each count random.
		const histograms = [0, 1, 2].flatMap((k) => own.histograms.map((h) => ({ ...h, time_ms: k * 1000, count: Math.floor(Math.random() * 1e9) })));
		const e = await encodeOwnShare({ ...own, histograms });
		if (!e.ok) throw new Error(e.message);
		expect(e.left_out).toEqual(['histograms']);
		const d = await decodeOwnShare(e.fragment);
		if (!d.ok) throw new Error(d.message);
		expect([d.rows.histograms, d.left_out]).toEqual([[], ['histograms']]);
		expect(d.rows.runs).toEqual(own.runs);
	});

	it('refuses a result too large for a link, with its size', async () => {
		const own = parsed(FIO_JSON);
		const runs = Array.from({ length: 300 }, (_, i) => ({ ...own.runs[0]!, run_id: `${own.runs[0]!.run_id}-${i}`, iops: Math.random() * 1e6, lat_mean_ns: Math.random() * 1e6 }));
		const e = await encodeOwnShare({ ...own, runs });
		expect(e.ok).toBe(false);
		if (e.ok) return;
		expect(e.code).toBe('TOO_LARGE');
		expect(e.chars).toBeGreaterThan(SHARE_MAX_CHARS);
		expect(e.message).toMatch(/too large for a link: \d+\.\d KiB compressed, a link holds up to 8\.0 KiB/);
	});
});

describe('a link changed by anyone is refused', () => {
	it('a changed character anywhere (the checksum catches what the schema would not)', async () => {
		const fragment = await encoded(parsed(FIO_JSON));
		const data = fragment.slice(SHARE_PREFIX.length);
		let tried = 0;
		for (let i = 0; i < data.length; i += 5) {
			const swapped = data[i] === 'A' ? 'B' : 'A';
			await refused(`${SHARE_PREFIX}${data.slice(0, i)}${swapped}${data.slice(i + 1)}`);
			tried++;
		}
		expect(tried).toBeGreaterThan(100);
	});

	it('cut short', async () => {
		const fragment = await encoded(parsed(FIO_JSON));
		for (const keep of [SHARE_PREFIX.length, SHARE_PREFIX.length + 10, Math.floor(fragment.length / 2), fragment.length - 1]) {
			expect(await refused(fragment.slice(0, keep))).toMatch(/./);
		}
	});

	it('another version, no data, characters a link never has, more than the cap', async () => {
		const data = (await encoded(parsed(FIO_JSON))).slice(SHARE_PREFIX.length);
		expect(await refused(`own=v2.${data}`)).toMatch(/version/);
		expect(await refused(`own=${data}`)).toMatch(/version/);
		expect(await refused('')).toMatch(/version/);
		expect(await refused(`${SHARE_PREFIX}${data.slice(0, 20)}<script>${data.slice(20)}`)).toMatch(/characters/);
		expect(await refused(`${SHARE_PREFIX}${'A'.repeat(SHARE_MAX_CHARS)}`)).toMatch(/longer than/);
	});

	it('valid packing of data that is not JSON, or JSON that is not a result', async () => {
		expect(await refused(linkOf('{"runs": [1, 2,'))).toMatch(/not JSON/);
		expect(await refused(linkOf('[1, 2, 3]'))).toMatch(/not a result/);
		expect(await refused(linkOf({ name: 'x', format: 'fio-json', left_out: [] }))).toMatch(/holds no result/);
	});

	it('a string where a number belongs, a fraction where a whole number does, a negative or an endless number', async () => {
		const doc = docOf(await encoded(parsed(FIO_JSON)));
		const runs = doc.runs as { columns: string[]; values: unknown[][] };
		const withValue = (column: string, value: unknown) => {
			const i = runs.columns.indexOf(column);
			const text = JSON.stringify({ ...doc, runs: { ...runs, values: runs.values.map((v, j) => (j === i ? [value] : v)) } });
			// JSON.stringify writes an endless number as null; JSON.parse reads 1e400 as Infinity.
			return linkOf(text.replace('"<endless>"', '1e400'));
		};
		expect(await refused(withValue('iops', '7139.5'))).toBe('runs row 1, iops is not a number');
		expect(await refused(withValue('iodepth', 1.5))).toBe('runs row 1, iodepth is not a whole number');
		expect(await refused(withValue('lat_mean_ns', -1))).toBe('runs row 1, lat_mean_ns is negative');
		expect(await refused(withValue('iops', '<endless>'))).toBe('runs row 1, iops is not a number');
		expect(await refused(withValue('tool', 7))).toBe('runs row 1, tool is not text');
		expect(await refused(withValue('direction', 'sideways'))).toMatch(/direction is not one of read, write/);
		expect(await refused(withValue('scope', null))).toBe('runs row 1, scope is empty');
		expect(await refused(withValue('run_id', 'lab-2026:x.json#job0'))).toMatch(/run_id does not start with "your-result:"/);
		// The same document unchanged is read: the refusals are of the values, not of a hand-made link.
		expect((await decodeOwnShare(linkOf(doc))).ok).toBe(true);
	});

	it('an unknown column, a column without its values, too many rows', async () => {
		const doc = docOf(await encoded(parsed(FIO_JSON)));
		const runs = doc.runs as { n: number; columns: string[]; values: unknown[][] };
		expect(await refused(linkOf({ ...doc, runs: { ...runs, columns: [...runs.columns, 'onclick'], values: [...runs.values, ['alert(1)']] } }))).toMatch(/unknown column "onclick"/);
		expect(await refused(linkOf({ ...doc, runs: { ...runs, values: runs.values.slice(1) } }))).toMatch(/do not match/);
		expect(await refused(linkOf({ ...doc, runs: { ...runs, n: 2 } }))).toMatch(/has not 2 values/);
		expect(await refused(linkOf({ ...doc, runs: { ...runs, n: 1e9 } }))).toMatch(/rows/);
		expect(await refused(linkOf({ ...doc, extra: 1 }))).toMatch(/unknown field "extra"/);
	});

	it('a __proto__ key, at the top, in a table or as a column, pollutes nothing', async () => {
		const doc = docOf(await encoded(parsed(FIO_JSON)));
		const text = JSON.stringify(doc);
		expect(await refused(linkOf(`{"__proto__":{"polluted":1},${text.slice(1)}`))).toMatch(/unknown field "__proto__"/);
		expect(await refused(linkOf(text.replace('"runs":{', '"runs":{"__proto__":{"polluted":1},')))).toMatch(/unknown field "__proto__"/);
		const runs = doc.runs as { columns: string[]; values: unknown[][] };
		expect(await refused(linkOf({ ...doc, runs: { ...runs, columns: [...runs.columns, '__proto__'], values: [...runs.values, [{ polluted: 1 }]] } }))).toMatch(
			/unknown column "__proto__"/,
		);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('a link cannot speak for a published drive: its ids are always your drive and your result', async () => {
		const doc = docOf(await encoded(parsed(FIO_JSON)));
		const runs = doc.runs as { columns: string[]; values: unknown[][] };
		const d = await decodeOwnShare(linkOf({ ...doc, runs: { ...runs, columns: [...runs.columns, 'device_id', 'review_id'], values: [...runs.values, ['crucial-p2-2tb'], ['some-review']] } }));
		if (!d.ok) throw new Error(d.message);
		expect([d.rows.runs[0]!.device_id, d.rows.runs[0]!.review_id]).toEqual([OWN_DEVICE_ID, 'your-result']);
	});

	it('a deflate bomb stops at the size a result holds', async () => {
		const bomb = linkOf(`{"name":"${' '.repeat(4 * 1024 * 1024)}"}`);
		expect(bomb.length).toBeLessThan(SHARE_MAX_CHARS);
		expect(await refused(bomb)).toMatch(/more than a result holds/);
	});

	it('never throws, whatever the link', async () => {
		for (const junk of ['own=v1.', 'own=v1.====', 'own=v1.A', `${SHARE_PREFIX}${'_'.repeat(200)}`, '#own=v1.eJwDAAAAAAE', '%00', 'own=v1.\u{1F600}']) {
			const d = await decodeOwnShare(junk);
			expect(d.ok, junk).toBe(false);
		}
	});
});
