// `npm run build` over the last build (scripts/build.ts): with nothing changed it does not run Astro at all; after one
// review changed, it renders only that review's pages, its drives' pages and the catalog's own pages, and the finder's
// files of the workload families whose results changed only; and its output is byte for byte the output of a full
// build of the same data, made in another time zone and locale. The output it replaces stays beside it; the one before
// that, and what an interrupted removal left, are removed by a process of their own. The builds over the last one run
// two Astro processes and the full build one, so the merged output of two is that of one.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { retiredOutputs } from '../../scripts/retired-outputs.ts';
import { VERSIONS_INDEX, hostedVersions } from '../../src/lib/build/version-hosting.ts';
import { versionFolder } from '../../src/lib/dataset-versions.ts';
import { FINDER_LOG } from '../../src/lib/build/find.ts';
import { buildSite } from '../../scripts/build.ts';
import { generateCatalog, perturbFioJson } from '../../scripts/bench/synthetic-catalog.ts';
import { ingest } from '../../scripts/ingest/run.ts';

const work = mkdtempSync(join(tmpdir(), 'incremental-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const [data, dataset, site, full] = ['data', 'dataset', 'site', 'full'].map((d) => join(work, d)) as [string, string, string, string];
const env = { ...process.env, SITE_DATA_DIR: dataset, SITE_EMIT_DIR: join(work, 'emitted') };

async function build(out: string, name: string, isFull = false, extraEnv: NodeJS.ProcessEnv = {}): Promise<string[]> {
	const logFile = join(work, `${name}.log`);
	const listening = process.listenerCount('SIGINT');
	const code = await buildSite(out, { full: isFull, env: { ...env, ...extraEnv }, logFile, jobs: isFull ? 1 : 2 });
	// The build passes Ctrl-C on to its Astro processes while they run, and listens no more once they are done.
	expect(process.listenerCount('SIGINT')).toBe(listening);
	// Without colours, which CI may force: Astro colours the tree and the path of each line.
	const log = stripVTControlCharacters(readFileSync(logFile, 'utf8'));
	expect(code, log.slice(-2000)).toBe(0);
	// Astro lists each page it renders: "├─ /reviews/x/index.html (+12ms)".
	return [...log.matchAll(/[├└]─ (\/\S+)/g)].map((m) => m[1]!.replace(/index\.html$/, ''));
}

function files(dir: string): Record<string, string> {
	const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
	return Object.fromEntries(
		entries.map((e) => {
			const path = join(e.parentPath, e.name);
			return [path.slice(dir.length), createHash('sha256').update(readFileSync(path)).digest('hex')];
		}),
	);
}

/** The review, workload and drive pages among `pages` (the others show the whole catalog and are always rendered). */
const scoped = (pages: string[]) => pages.filter((p) => /^(\/zh-Hans)?\/(reviews|drives)\//.test(p));

const FAMILIES = '/data/find/families/';

/** The workload families whose finder files the build logged as `name.log` wrote. */
function families(name: string): string[] {
	const lines = [...readFileSync(join(work, `${name}.log`), 'utf8').matchAll(new RegExp(`${FINDER_LOG} (\\d+)(?:: (.*))?$`, 'gm'))];
	expect(lines).toHaveLength(1);
	const [, count, keys] = lines[0]!;
	const written = keys ? keys.split(' ') : [];
	expect(written).toHaveLength(Number(count));
	return written;
}

it('renders only what changed, and gives the bytes of a full build', async () => {
	const reviews = generateCatalog(4, data);
	expect((await ingest({ dataDir: data, out: dataset })).errors).toEqual([]);
	const first = await build(site, 'first');
	expect(scoped(first).length).toBeGreaterThan(20);
	// Each page once: the two processes share the review, workload and drive pages out between them.
	expect(new Set(scoped(first)).size).toBe(scoped(first).length);
	expect(readFileSync(join(work, 'first.log'), 'utf8')).toMatch(/^\[2\/2\] .*page\(s\) built/m);

	const before = files(site);
	expect(await build(site, 'unchanged')).toEqual([]);
	expect(readFileSync(join(work, 'unchanged.log'), 'utf8')).toMatch(/^nothing changed since the last build/);
	expect(files(site)).toEqual(before);

	const firstVersion = hostedVersions(join(site, 'data'));
	expect(firstVersion).toHaveLength(1);
	const changed = reviews.find((r) => r.raw)!;
	const log = join(data, 'reviews', changed.id, 'raw/4k-random-read-qd32-timeseries_iops.1.log');
	writeFileSync(log, readFileSync(log, 'utf8').trimEnd().split('\n').slice(0, -1).join('\n') + '\n');
	expect((await ingest({ dataDir: data, out: dataset })).errors).toEqual([]);
	const oneChanged = await build(site, 'one-changed');
	const again = scoped(oneChanged);
	const own = (p: string) => p.includes(`/reviews/${changed.id}/`) || changed.devices.some((d) => p.endsWith(`/drives/${d}/`));
	expect(again.filter((p) => !own(p))).toEqual([]);
	expect(again).toContain(`/reviews/${changed.id}/`);
	expect(again).toContain(`/zh-Hans/reviews/${changed.id}/`);
	expect(again.length).toBeLessThan(scoped(first).length);
	// A timeseries log is no result the finder shows: none of its files is written again.
	expect(families('first').length).toBeGreaterThan(2);
	expect(families('one-changed')).toEqual([]);

	// The dataset as first published stays hosted beside the new one, for the embeds made from it.
	const hosted = hostedVersions(join(site, 'data'));
	expect(hosted).toHaveLength(2);
	expect(hosted[1]).toBe(firstVersion[0]);
	// A version holds the dataset and the comparison's drive files made from it; the finder's files (under data/ too)
	// and the chart CSVs, previews and embed documents are the site's, not a version's.
	const paths = Object.keys(files(site));
	const version = `/data/versions/${hosted[0]}/`;
	expect(paths.filter((p) => p.startsWith('/data/find/families/')).length).toBeGreaterThan(10);
	expect(paths.filter((p) => /^\/data\/embeds\/reviews\/[^/]+\.html$/.test(p))).toHaveLength(reviews.length);
	expect(paths.filter((p) => p.startsWith(`${version}compare/drives/`)).length).toBeGreaterThan(0);
	expect(paths.filter((p) => p.startsWith(version) && /^(find|charts|previews|embeds)\//.test(p.slice(version.length)))).toEqual([]);
	expect(paths.filter((p) => p.startsWith('/find/families/'))).toEqual([]);

	// One result changed (its throughput and latency, by 1 %): the files of its workload family are written again, every
	// other family's are the last build's own files (hard links to them).
	const result = join(data, 'reviews', changed.id, 'raw/128k-sequential-read-qd32.json');
	writeFileSync(result, perturbFioJson(readFileSync(result, 'utf8'), 1.01)!);
	expect((await ingest({ dataDir: data, out: dataset })).errors).toEqual([]);
	const [published, family] = [files(site), 'sequential-100-131072'];
	// What an interrupted removal of an output before last left: the next build removes it with the one it retires.
	mkdirSync(join(work, '.site-retired-1-2', 'reviews'), { recursive: true });
	writeFileSync(join(work, '.site-retired-1-2', 'reviews', 'index.html'), 'left over');
	const replaced = statSync(join(site, 'index.html')).ino;
	await build(site, 'result-changed');
	expect(families('result-changed')).toEqual([family]);
	// The output replaced stays as `.site-old`; the one before it and the leftover are removed by a process of their own.
	for (const started = Date.now(); retiredOutputs(site).length > 0 && Date.now() - started < 60_000; ) await new Promise((ok) => setTimeout(ok, 100));
	expect(retiredOutputs(site)).toEqual([]);
	expect(readdirSync(work).filter((e) => e.startsWith('.site'))).toEqual(['.site-old']);
	expect(statSync(join(work, '.site-old', 'index.html')).ino).toBe(replaced);
	const after = files(site);
	const ofFamily = (p: string) => p.startsWith(`${FAMILIES}${family}/`);
	const others = Object.keys(after).filter((p) => p.startsWith(FAMILIES) && !ofFamily(p));
	expect(others.length).toBeGreaterThan(10);
	for (const p of others) expect(statSync(join(site, p)).ino, p).toBe(statSync(join(work, '.site-old', p)).ino);
	expect(Object.keys(after).filter((p) => ofFamily(p) && after[p] !== published[p]).length).toBeGreaterThan(0);
	// The earlier dataset versions were moved over from the last output whole, not linked file by file: it holds them no more.
	const [, ...moved] = hostedVersions(join(site, 'data'));
	expect(moved).toHaveLength(2);
	for (const v of moved) expect([v, existsSync(join(site, 'data', versionFolder(v), 'manifest.json')), existsSync(join(work, '.site-old', 'data', versionFolder(v)))]).toEqual([v, true, false]);

	// The full build in another time zone and locale: every page, CSV and data file the same bytes; a fresh output
	// hosts only its own dataset version.
	await build(full, 'full', true, { TZ: 'Asia/Shanghai', LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' });
	const [current, ...earlier] = hostedVersions(join(site, 'data'));
	expect(earlier).toEqual(hosted);
	const older = (path: string) => earlier.some((v) => path.startsWith(`/data/versions/${v}/`)) || path === `/data/${VERSIONS_INDEX}`;
	const without = (all: Record<string, string>) => Object.fromEntries(Object.entries(all).filter(([path]) => !older(path)));
	expect(without(files(site))).toEqual(without(files(full)));
	expect(hostedVersions(join(full, 'data'))).toEqual([current]);
}, 600_000);
