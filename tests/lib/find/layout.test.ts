// The finder's files (src/lib/find/layout.ts): a question reads its family's head and the band of its load, and gets
// the answer it would get from every row of the family — on the bundled reviews and on a generated catalog — while
// the chart's files give each drawn curve whole, drawn as from all the rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { generateCatalog } from '../../../scripts/bench/synthetic-catalog.ts';
import { openDataset, runQuery } from '../../../src/lib/build/db.ts';
import { findAnswer, type FinderAnswer } from '../../../src/lib/find/answer.ts';
import { expandRow, finderFamiliesOf, type FinderFamilies } from '../../../src/lib/find/family.ts';
import { ANSWER_COLUMNS, bandOf, bandOfQuery, CHART_COLUMNS, chartRowsOf, FINDER_CHART_CURVES, familyFiles, familyOfBand, type FinderFamilyFiles } from '../../../src/lib/find/layout.ts';
import { perDriveRow } from '../../../src/lib/compare/per-drive.ts';
import { chartOptions, renderChart } from '../../../src/lib/site/chart-kinds.ts';
import { DEFAULT_VIEW } from '../../../src/lib/site/view.ts';
import { snapshotMarkup, testDocument } from '../charts/render.ts';
import { queryOf } from '../../../src/lib/find/query.ts';
import type { DeviceRow, ReviewRow, RunRow } from '../../../src/lib/schema.ts';
import { ROOT } from '../../helpers/fixtures.ts';

let work: string;

async function familiesOf(dataDir: string, out: string): Promise<FinderFamilies> {
	expect((await ingest({ dataDir, out })).errors).toEqual([]);
	const conn = await openDataset(out);
	const runs = await runQuery<RunRow>(conn, { sql: 'SELECT * FROM runs ORDER BY run_id, direction', params: [] });
	const reviews = await runQuery<ReviewRow>(conn, { sql: 'SELECT * FROM reviews', params: [] });
	const devices = await runQuery<DeviceRow>(conn, { sql: 'SELECT * FROM devices', params: [] });
	conn.closeSync();
	return finderFamiliesOf(runs, reviews, devices, Object.fromEntries(devices.map((d) => [d.device_id, d.model ?? d.device_id])));
}

let bundled: FinderFamilies;
let catalog: FinderFamilies;

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), 'finder-layout-'));
	bundled = await familiesOf(join(ROOT, 'data'), join(work, 'bundled'));
	generateCatalog(24, join(work, 'catalog'));
	catalog = await familiesOf(join(work, 'catalog'), join(work, 'catalog-dataset'));
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const QDS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 100, 128, 200, 256, 512, 1000, 100_000];
const RATES = [10, 500, 2_000, 5_000, 10_000, 16_544, 20_000, 30_000, 50_000, 100_000, 150_000, 300_000, 600_000, 1_000_000, 5_000_000, 1e9];

/** Every question asked of a family: loads across and beyond its bands, with and without bounds. */
function questions(key: string): string[] {
	const [access, read, bs] = key.split('-');
	const w = `access=${access}&read=${read}&bs=${bs}`;
	return [...QDS.map((qd) => `${w}&qd=${qd}`), ...QDS.map((qd) => `${w}&qd=${qd}&p99=200`), ...RATES.map((r) => `${w}&rate=${r}`), ...RATES.map((r) => `${w}&rate=${r}&p99=1000&mean=300`)];
}

/** An answer as the page shows it: each curve's value, limits, bounds and points read (a point's row named by its run), lists and reasons. */
const shown = (a: FinderAnswer) =>
	JSON.parse(
		JSON.stringify(
			{ ...a, ranked: a.ranked.map((l) => l.map(({ points: _, ...c }) => c)), apart: a.apart.map(({ points: _, ...c }) => c), notDrives: a.notDrives.map(({ points: _, ...c }) => c) },
			(k, v) => (k === 'row' ? [v.run_id, v.review_id, v.device_id, v.host, v.direction] : v),
		),
	);

const chartDocument = testDocument();
/** Charts already compared (a drawn set of curves once). */
const charted = new Set<string>();

/** The files as the page reads them: through JSON. */
const asRead = <T>(x: T): T => JSON.parse(JSON.stringify(x));

function checkFamilies(families: FinderFamilies): { questions: number; readRows: number; familyRows: number } {
	let asked = 0;
	let readRows = 0;
	let familyRows = 0;
	for (const entry of families.list) {
		const family = families.files.get(entry.key)!;
		const files: FinderFamilyFiles = familyFiles(entry, family);
		// The whole family as the page read it before: one file, its rows expanded.
		const whole = { ...family, runs: family.runs.map(expandRow) };
		for (const text of questions(entry.key)) {
			const q = queryOf(new URLSearchParams(text))!;
			const { kind, band } = bandOfQuery(files.head, q);
			const table = asRead(files.bands.get(`${kind}-${band}`)!);
			expect(table, `${text}: ${kind}-${band}`).toBeDefined();
			const full = findAnswer(q, whole);
			const read = findAnswer(q, familyOfBand(asRead(files.head), table));
			expect(shown(read), text).toEqual(shown(full));
			// The chart's curves, whole, in the answer's order, from the chart files: drawn as from all the rows.
			const drawn = full.ranked[0]?.slice(0, FINDER_CHART_CURVES) ?? [];
			const curves = new Map([...files.curves].map(([n, table]) => [n, asRead(table)]));
			const fromFiles = chartRowsOf(drawn, curves, files.head.curveFiles);
			const fromAll = drawn.flatMap((c) => c.points.map((p) => p.row));
			const byChart = (rows: RunRow[]) => rows.map((r) => CHART_COLUMNS.map((c) => r[c]));
			expect(byChart(fromFiles), text).toEqual(byChart(fromAll));
			if (drawn.length) {
				const kind = q.rate_iops !== null ? 'lvi' : 'qd';
				const key = `${kind} ${JSON.stringify(byChart(fromAll))}`;
				if (!charted.has(key)) {
					charted.add(key);
					const options = chartOptions({ fixed: {} }, DEFAULT_VIEW, { lang: 'en', deviceLabels: {}, document: chartDocument });
					const draw = (rows: RunRow[]) => {
						const c = renderChart(kind, rows.map(perDriveRow), options);
						return [snapshotMarkup(c.element), c.summary, JSON.stringify(c.table)];
					};
					expect(draw(fromFiles), text).toEqual(draw(fromAll));
				}
			}
			asked++;
			readRows += table.length + files.head.loose.length;
			familyRows += family.runs.length;
		}
	}
	return { questions: asked, readRows, familyRows };
}

describe('the finder files', () => {
	it('band loads by powers of two, and a question beyond the bands written reads the nearer one', () => {
		expect([0.5, 1, 2, 3, 4, 7, 8, 1023, 1024].map(bandOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 9, 10]);
		const head = { bands: { qd: [2, 5] as [number, number], rate: [10, 12] as [number, number] } };
		expect(bandOfQuery(head, { outstanding: 1, rate_iops: null })).toEqual({ kind: 'qd', band: 2 });
		expect(bandOfQuery(head, { outstanding: 16, rate_iops: null })).toEqual({ kind: 'qd', band: 4 });
		expect(bandOfQuery(head, { outstanding: 4096, rate_iops: null })).toEqual({ kind: 'qd', band: 5 });
		expect(bandOfQuery(head, { outstanding: null, rate_iops: 3000 })).toEqual({ kind: 'rate', band: 11 });
		expect(bandOfQuery(head, { outstanding: null, rate_iops: 1e7 })).toEqual({ kind: 'rate', band: 12 });
	});

	it('answer every question on the bundled reviews as all the rows do', () => {
		const { questions: n } = checkFamilies(bundled);
		expect(n).toBeGreaterThan(bundled.list.length * 60);
	});

	it('answer every question on a generated catalog as all the rows do, reading a part of them', () => {
		const { readRows, familyRows } = checkFamilies(catalog);
		// A band holds a few points of each curve and only the answer's columns: well under half of the family's rows.
		expect(readRows).toBeLessThan(familyRows / 2);
	});

	it('carry only the answer’s columns, and of each review only the methodology the conditions are read from', () => {
		for (const entry of bundled.list) {
			const files = familyFiles(entry, bundled.files.get(entry.key)!);
			for (const table of [files.head.loose, ...files.bands.values()]) for (const c of table.columns) expect(ANSWER_COLUMNS).toContain(c);
			for (const r of Object.values(files.head.reviews)) {
				if (r.methodology_json !== null) expect(Object.keys(JSON.parse(r.methodology_json)).every((k) => ['preconditioning', 'steady_state', 'footprint'].includes(k))).toBe(true);
			}
		}
	});
});
