// The finder's answer read from its paged files (layout.ts): the first N drives of the answer, exactly as from every
// row, reading the fewest pages. The drives' stream is sorted by a bound no answer in the band beats, so once the N-th
// answer read beats the next page's bound, no drive on a later page can rank among the first N (the threshold
// algorithm). The drives listed apart are read in drive order until N of them are; the loose results and the drives
// outside the family in their order. Each part's count comes from the files' counts, exact without reading them all.
// Pure and browser-safe: the files are read through a source (fetch in the browser, a map in the tests).
import type { RunRow } from '../schema.ts';
import { answerOrder, chosenAnswers, entryKeyOf, findAnswer, isDrive, MEETS_RANK, pointGroups, rankStatOf, type CurveAnswer, type CurveKind, type FinderAnswer } from './answer.ts';
import type { FinderFamily } from './family.ts';
import { bandOfQuery, inRange, rowsOf, streamOrdersOf, type FinderBandIndex, type FinderHead, type FinderNearPage, type FinderPage, type StreamName, type StreamPage } from './layout.ts';
import type { FinderQuery, ShownPart } from './query.ts';

/** Where the files come from. */
export interface FinderSource {
	head: FinderHead;
	band(kind: CurveKind, band: number): Promise<FinderBandIndex>;
	stream(kind: CurveKind, band: number, stream: StreamName, page: number): Promise<FinderPage>;
	loose(page: number): Promise<FinderPage>;
	near(page: number): Promise<FinderNearPage>;
}

/** How many of each part an answer shows (query.ts SHOWN_STEP). */
export type Shown = Record<ShownPart, number>;

/** Rows that are not in the files (the reader's own result), with their facts; `drives`: devices answered as drives. */
export interface ExtraRows {
	runs: RunRow[];
	reviews: FinderFamily['reviews'];
	devices: FinderFamily['devices'];
	drives: ReadonlySet<string>;
}

export interface PagedAnswer {
	answer: FinderAnswer;
	/** What was read (and the extra rows): the rows and facts the answer was computed from. */
	family: FinderFamily;
	/** How many there are of each part (shown or not). */
	totals: Shown;
	/** The stream pages read, by part: what the question cost. */
	pagesRead: Partial<Record<StreamName | 'loose' | 'near', number>>;
}

/**
 * Whether an answer is surely before every result of a stream's rest (a page and the later ones), whose bounds are
 * `rest` (strictly: a tie is read). At a queue depth, answer.ts ranks by IOPS, but by the mean latency when either of
 * two lacks IOPS: so an answer without IOPS, or a rest that may lack them, is also checked by latency.
 */
function beats(q: FinderQuery, a: CurveAnswer, rest: StreamPage): boolean {
	if (MEETS_RANK(a.meets) > 0 || !a.at) return false;
	const key = entryKeyOf(a);
	// Better than the rest's best value, or equal to it and first by drive (answer.ts breaks a tie so).
	const better = (v: number | null | undefined, bound: number | null, boundKey: string | null, lower: boolean) =>
		v != null && (bound === null || (lower ? v < bound : v > bound) || (v === bound && boundKey !== null && key < boundKey));
	if (q.rate_iops !== null) return better(a.at.lat[rankStatOf(q)], rest.lat, rest.latKey, true);
	if (a.at.iops == null) return better(a.at.lat.mean, rest.lat, rest.latKey, true);
	// Against a result without IOPS, an equal latency ranks that one first: only a lower latency beats it.
	return better(a.at.iops, rest.iops, rest.iopsKey, false) && (!rest.open || better(a.at.lat.mean, rest.lat, null, true));
}

export async function pagedAnswer(q: FinderQuery, source: FinderSource, shown: Shown, extra: ExtraRows | null = null): Promise<PagedAnswer> {
	const { head } = source;
	const { kind, band } = bandOfQuery(head, q);
	const index = await source.band(kind, band);
	const drives = extra?.drives ?? new Set<string>();
	// Rows with their place among the family's rows: the answer reads them in that order.
	const loose: [number, RunRow][] = [];
	const entries: [number, RunRow][] = [];
	const seen = new Set<string>();
	const facts: Pick<FinderFamily, 'reviews' | 'devices'> = { reviews: {}, devices: {} };
	const neighbours: FinderFamily['neighbours'] = [];
	const pagesRead: PagedAnswer['pagesRead'] = {};
	const count = (part: keyof PagedAnswer['pagesRead']) => (pagesRead[part] = (pagesRead[part] ?? 0) + 1);
	const addFacts = (p: Partial<Pick<FinderFamily, 'reviews' | 'devices'>>) => {
		Object.assign(facts.reviews, p.reviews);
		Object.assign(facts.devices, p.devices);
	};
	/** A stream page's results, each once (a drive that may be apart is in two streams). */
	const addEntries = (page: FinderPage): Set<string> => {
		addFacts(page);
		const rows = rowsOf(page.rows);
		const keys = new Set(rows.map(entryKeyOf));
		rows.forEach((r, i) => {
			if (!seen.has(entryKeyOf(r))) entries.push([page.order[i]!, r]);
		});
		for (const k of keys) seen.add(k);
		return keys;
	};
	const family = (): FinderFamily => ({
		key: head.key,
		runs: [...[...loose, ...entries].sort((a, b) => a[0] - b[0]).map(([, r]) => r), ...(extra?.runs ?? [])],
		neighbours,
		reviews: { ...facts.reviews, ...extra?.reviews },
		devices: { ...facts.devices, ...extra?.devices },
	});
	const chosen = () => {
		const f = family();
		return { f, chosen: chosenAnswers(q, pointGroups(q, f.runs)) };
	};

	// The ranked streams: read, from whichever stream might still hold a better one, until the N-th answer beats them all.
	const rankedStreams = async (set: 'drives' | 'others', want: number) => {
		const streams = streamOrdersOf(q)
			.map((order) => ({ name: `${set}-${order}` as StreamName, next: 0 }))
			.filter((x) => index.streams[x.name]);
		while (want > 0) {
			const { f, chosen: all } = chosen();
			const top = all
				.filter((a) => isDrive(f, drives, a.device_id) === (set === 'drives') && (set === 'others' || a.at))
				.sort(answerOrder(q))
				.slice(0, want);
			const open = streams.find((x) => {
				const stream = index.streams[x.name]!;
				return x.next < stream.pages.length && !(top.length === want && beats(q, top[want - 1]!, stream.pages[x.next]!));
			});
			if (!open) break;
			addEntries(await source.stream(kind, band, open.name, open.next));
			count(open.name);
			open.next++;
		}
	};
	await rankedStreams('drives', shown.ranked);
	await rankedStreams('others', shown.notDrives);

	// The drives maybe apart, in drive order: read until N of them are apart at this load.
	const load = q.rate_iops ?? q.outstanding!;
	const apartStream = index.streams.apart;
	if (apartStream) {
		const fromStream = new Set<string>();
		for (let n = 0; n < apartStream.pages.length && (n === 0 || shown.apart > 0); n++) {
			const { f, chosen: all } = chosen();
			const apart = all.filter((a) => !a.at && isDrive(f, drives, a.device_id) && fromStream.has(entryKeyOf(a)));
			if (n > 0 && apart.length >= shown.apart) break;
			for (const k of addEntries(await source.stream(kind, band, 'apart', n))) fromStream.add(k);
			count('apart');
		}
	}

	// The loose results and the drives outside the family, in their order.
	const looseGroups = () => pointGroups(q, loose.map(([, r]) => r)).length;
	for (let n = 0; n < head.loose.pages && (n === 0 || looseGroups() < shown.loose); n++) {
		const page = n === 0 ? head.loose.first : await source.loose(n);
		if (n > 0) count('loose');
		addFacts(page);
		loose.push(...rowsOf(page.rows).map((r, i): [number, RunRow] => [page.order[i]!, r]));
	}
	for (let n = 0; n < head.near.pages && (n === 0 || new Set(neighbours.map((x) => x.device_id)).size < shown.near); n++) {
		const page = n === 0 ? head.near.first : await source.near(n);
		if (n > 0) count('near');
		addFacts(page);
		neighbours.push(...page.neighbours);
	}

	// The drives outside the family: the first ones (a page holds whole drives).
	const nearShown = new Set([...new Set(neighbours.map((x) => x.device_id))].slice(0, shown.near));
	neighbours.splice(0, neighbours.length, ...neighbours.filter((x) => nearShown.has(x.device_id)));
	const f = family();
	const answer = findAnswer(q, f, drives, { ranked: shown.ranked, apart: shown.apart, loose: shown.loose, notDrives: shown.notDrives });
	// The counts: the files' and the extra rows' (answered in full, as they are all here).
	const maybeApart = index.edges.filter((ranges) => !ranges.some((r) => inRange(load, r))).length;
	const extraAnswer = extra && extra.runs.length ? findAnswer(q, { key: head.key, runs: extra.runs, neighbours: [], reviews: extra.reviews, devices: extra.devices }, drives) : null;
	const totals: Shown = {
		ranked: streamOrdersOf(q).reduce((n, order) => n + (index.streams[`drives-${order}`]?.count ?? 0), 0) - maybeApart + (extraAnswer?.ranked.flat().length ?? 0),
		apart: index.apartSure + maybeApart + (extraAnswer?.apart.length ?? 0),
		loose: head.loose.count + (extraAnswer?.loose.length ?? 0),
		near: head.near.count,
		notDrives: streamOrdersOf(q).reduce((n, order) => n + (index.streams[`others-${order}`]?.count ?? 0), 0) + (extraAnswer?.notDrives.length ?? 0),
	};
	return { answer, family: f, totals, pagesRead };
}
