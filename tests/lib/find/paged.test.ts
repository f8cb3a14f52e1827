// The finder's paged answer (src/lib/find/paged.ts): the first N drives read from the pre-ranked pages are the first N
// of the answer from every row of the family, in the same order with the same values, lists and reasons — and so are
// the first drives listed apart, the loose results, the drives outside the family and the devices that are no drive,
// with each part's count — on the bundled reviews and on a generated catalog, for questions at queue depths and rates,
// with and without latency bounds, and bounds that reject most drives (so that several pages are read).
// The generated catalog has 24 reviews and pages of 2 (many pages a question), every question of every family;
// FINDER_CATALOG=1000 generates and ingests 1,000 reviews instead (about 6 minutes), or FINDER_DATASET names an
// ingested one: the site's page sizes, and 30 questions of each of the 3 families with the most drives.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../scripts/bench/synthetic-catalog.ts';
import { findAnswer, type FinderAnswer } from '../../../src/lib/find/answer.ts';
import { expandRow, type FinderFamilies } from '../../../src/lib/find/family.ts';
import {
	familyFiles,
	finderBandPath,
	finderLoosePath,
	finderNearPath,
	finderStreamPath,
	FIRST_PAGES,
	streamOrdersOf,
	type FinderBandIndex,
	type FinderFamilyFiles,
	type FirstPages,
} from '../../../src/lib/find/layout.ts';
import { pagedAnswer, type FinderSource, type Shown } from '../../../src/lib/find/paged.ts';
import { queryOf, SHOWN_STEP } from '../../../src/lib/find/query.ts';
import { ROOT } from '../../helpers/fixtures.ts';
import { datasetFamilies, ingestedFamilies } from '../../helpers/finder-families.ts';

let work: string;

const CATALOG = Number(process.env.FINDER_CATALOG ?? 24);
const DATASET = process.env.FINDER_DATASET;
/** Small pages on a small catalog: a question reads several. */
const SMALL_PAGES: FirstPages = { drives: 2, others: 1, apart: 1, loose: 1, near: 1 };
const catalogPages = DATASET || CATALOG >= 1000 ? FIRST_PAGES : SMALL_PAGES;

let bundled: FinderFamilies;
let catalog: FinderFamilies;

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), 'finder-paged-'));
	bundled = await ingestedFamilies(join(ROOT, 'data'), join(work, 'bundled'));
	if (DATASET) catalog = await datasetFamilies(DATASET);
	else {
		generateCatalog(CATALOG, join(work, 'catalog'));
		catalog = await ingestedFamilies(join(work, 'catalog'), join(work, 'catalog-dataset'));
	}
}, 1_800_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An answer as the page shows it: each curve's value, limits, bounds and points read (a point's row named by its run), lists and reasons. */
const shownOf = (a: FinderAnswer) =>
	JSON.parse(
		JSON.stringify(
			{ ...a, ranked: a.ranked.map((l) => l.map(({ points: _, ...c }) => c)), apart: a.apart.map(({ points: _, ...c }) => c), notDrives: a.notDrives.map(({ points: _, ...c }) => c) },
			(k, v) => (k === 'row' ? [v.run_id, v.review_id, v.device_id, v.host, v.direction] : v),
		),
	);

/** The files as the page reads them: through JSON; each file read is counted. */
function sourceOf(files: FinderFamilyFiles, read: string[]): FinderSource {
	const get = async <T,>(path: string): Promise<T> => {
		read.push(path);
		const file = files.files.get(path);
		if (file === undefined) throw new Error(`no file ${path}`);
		return JSON.parse(JSON.stringify(file)) as T;
	};
	const key = files.head.key;
	return {
		head: JSON.parse(JSON.stringify(files.head)),
		band: (kind, band) => get(finderBandPath(key, kind, band)),
		stream: (kind, band, stream, page) => get(finderStreamPath(key, kind, band, stream, page)),
		loose: (page) => get(finderLoosePath(key, page)),
		near: (page) => get(finderNearPath(key, page)),
	};
}

const QDS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 100, 128, 200, 256, 512, 1000, 100_000];
const RATES = [10, 500, 2_000, 5_000, 10_000, 16_544, 20_000, 30_000, 50_000, 100_000, 150_000, 300_000, 600_000, 1_000_000, 5_000_000, 1e9];

/** Some questions of a family at 1,000 reviews: queue depths measured and between, rates, no bounds, bounds that reject most drives. */
const SOME_QDS = [1, 4, 32, 48, 256];
const SOME_RATES = [10_000, 100_000, 300_000];

/** The questions asked of a family: loads across and beyond its bands; no bounds, loose ones, ones that reject most drives, on each statistic. */
function questions(key: string, some: boolean): string[] {
	const [access, read, bs] = key.split('-');
	const w = `access=${access}&read=${read}&bs=${bs}`;
	if (some)
		return [
			...SOME_QDS.flatMap((qd) => [`${w}&qd=${qd}`, `${w}&qd=${qd}&p99=200`, `${w}&qd=${qd}&mean=20`]),
			...SOME_RATES.flatMap((r) => [`${w}&rate=${r}`, `${w}&rate=${r}&p99=1000&mean=300`, `${w}&rate=${r}&p99_9=150`]),
		];
	return [
		...QDS.map((qd) => `${w}&qd=${qd}`),
		...QDS.map((qd) => `${w}&qd=${qd}&p99=200`),
		...QDS.map((qd) => `${w}&qd=${qd}&mean=20`),
		...RATES.map((r) => `${w}&rate=${r}`),
		...RATES.map((r) => `${w}&rate=${r}&p99=1000&mean=300`),
		...RATES.map((r) => `${w}&rate=${r}&p99_9=150`),
		...RATES.map((r) => `${w}&rate=${r}&p99_99=5000`),
	];
}

const FEW: Shown = { ranked: 1, apart: 1, loose: 1, near: 1, notDrives: 1 };

interface Tally {
	questions: number;
	/** Answers that show fewer drives than there are, of a band whose drives fill more than a page. */
	answers: number;
	/** Questions whose drives' stream was read past its first page, and stopped before its last. */
	severalPages: number;
	stoppedEarly: number;
	/** Of them, the answers to questions without latency bounds, and those that stopped before the last page. */
	unbounded: number;
	unboundedStopped: number;
}

/** `some`: a few questions of the families with the most drives (a catalog of 1,000 reviews). */
async function checkFamilies(families: FinderFamilies, pages: FirstPages, shownSets: Shown[], some = false): Promise<Tally> {
	const tally: Tally = { questions: 0, answers: 0, severalPages: 0, stoppedEarly: 0, unbounded: 0, unboundedStopped: 0 };
	const list = some ? [...families.list].sort((a, b) => b.drives - a.drives).slice(0, 3) : families.list;
	for (const entry of list) {
		const family = families.files.get(entry.key)!;
		const files = familyFiles(entry, family, pages);
		// The whole family as the page read it before: every row.
		const whole = { ...family, runs: family.runs.map(expandRow) };
		for (const text of questions(entry.key, some)) {
			const q = queryOf(new URLSearchParams(text))!;
			const all = findAnswer(q, whole);
			for (const shown of shownSets) {
				const read: string[] = [];
				const paged = await pagedAnswer(q, sourceOf(files, read), shown);
				const full = findAnswer(q, whole, new Set(), { ranked: shown.ranked, apart: shown.apart, loose: shown.loose, notDrives: shown.notDrives });
				expect(shownOf(paged.answer), `${text} ${JSON.stringify(shown)}`).toEqual(shownOf(full));
				const nearDevices = [...new Set(whole.neighbours.map((n) => n.device_id))];
				expect(paged.family.neighbours, text).toEqual(whole.neighbours.filter((n) => nearDevices.slice(0, shown.near).includes(n.device_id)));
				expect(paged.totals, text).toEqual({ ranked: all.ranked.flat().length, apart: all.apart.length, loose: all.loose.length, near: nearDevices.length, notDrives: all.notDrives.length });
				const streamPages = read.filter((p) => /-drives-[a-z0-9_]+-\d+\.json$/.test(p)).length;
				const band = read.find((p) => /\/(qd|rate)-\d+\.json$/.test(p));
				const index = band ? (files.files.get(band) as FinderBandIndex) : null;
				const total = streamOrdersOf(q).reduce((n, order) => n + (index?.streams[`drives-${order}`]?.pages.length ?? 0), 0);
				// Of the answers that show fewer drives than there are, and that have drives on more than one page.
				if (paged.totals.ranked > shown.ranked && total > 1) {
					if (streamPages > 1) tally.severalPages++;
					if (streamPages < total) tally.stoppedEarly++;
					tally.answers++;
					if (Object.keys(q.bounds).length === 0) {
						tally.unbounded++;
						if (streamPages < total) tally.unboundedStopped++;
					}
				}
			}
			tally.questions++;
		}
	}
	return tally;
}

describe('the finder’s paged answer', () => {
	it('gives the first drives of every question on the bundled reviews as all the rows do', async () => {
		const { questions: n } = await checkFamilies(bundled, SMALL_PAGES, [SHOWN_STEP, FEW, { ranked: 3, apart: 2, loose: 2, near: 2, notDrives: 2 }]);
		expect(n).toBeGreaterThan(bundled.list.length * 100);
	}, 600_000);

	it(`gives the first drives of every question on a generated catalog (${DATASET ? 'an ingested one' : `${CATALOG} reviews`}) as all the rows do, and stops reading early`, async () => {
		const big = catalogPages === FIRST_PAGES;
		const tally = await checkFamilies(catalog, catalogPages, big ? [SHOWN_STEP, FEW] : [SHOWN_STEP, FEW, { ranked: 7, apart: 3, loose: 3, near: 3, notDrives: 3 }], big);
		console.log(`paged answers: ${JSON.stringify(tally)}`);
		// Questions whose bounds reject most drives read several pages; some stop before the last page (at 1,000 reviews,
		// most of those without bounds: bounds that reject most drives are read until 20 drives meet them, or to the end).
		expect(tally.severalPages).toBeGreaterThan(0);
		expect(tally.stoppedEarly).toBeGreaterThan(0);
		if (big) expect(tally.unboundedStopped).toBeGreaterThan(tally.unbounded / 2);
	}, 1_800_000);
});
