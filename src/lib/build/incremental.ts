// Build-only: an incremental build renders only the pages whose inputs changed and keeps the others from the last
// build as they are. A review's pages and a drive's page read nothing but their reviews' files and the device YAML,
// so a key made of those files' hashes (from the manifests), the page's path and the site's code decides; pages over
// the whole catalog (catalog, index, columns) are always rendered, but for folders made whole from an input of their
// own (the finder's workload families: foldersToRender), kept while that input is the last build's. scripts/build.ts
// sets the code version and names the last build; without them every page is rendered. Keys are handed from the
// routes (bundled by Astro) to the build's end (astro.config.mjs) through files, like the emitted tables: the two do
// not share module instances.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inEveryLang, langPath, withoutLang } from '../../i18n/routes.ts';
import { rendersGroup } from './build-shards.ts';
import { embedGroupOf } from './embed.ts';
import { pageDataFiles } from './page-data-files.ts';
import { emittedDir, placeFile, placeTree } from './emitted-files.ts';
import { loadManifest } from './manifest.ts';
import { siteUrl } from './site-url.ts';
import { dataBase } from '../data-url.ts';

/** The record a build leaves in its output: the key of every page it holds. */
export const BUILD_RECORD = '.build-keys.json';

interface BuildRecord {
	code: string;
	pages: Record<string, string>;
}

/**
 * One route's pages, as its getStaticPaths saw them: every page's key, and the pages kept from the last build; with
 * `folders`, each of its paths is a folder of files kept whole (see foldersToRender).
 */
interface RoutePages {
	pages: Record<string, string>;
	kept: string[];
	folders?: true;
}

/** A page that shows some reviews only: its route's params, its site path ("/reviews/x/") and the reviews. */
export interface ReviewPage<P> {
	params: P;
	path: string;
	reviews: readonly string[];
}

const codeVersion = () => process.env.SITE_CODE_VERSION;
const previousBuild = () => process.env.SITE_PREVIOUS_BUILD;
const routesDir = () => join(emittedDir(), '.build-keys');

let previous: Record<string, string> | undefined;

function previousKeys(): Record<string, string> {
	if (previous) return previous;
	const file = previousBuild() ? join(previousBuild()!, BUILD_RECORD) : undefined;
	const record = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildRecord) : undefined;
	previous = record && record.code === codeVersion() ? record.pages : {};
	return previous;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let common: string | undefined;

/** What every page is made from: the code, the site's address (it is in the links), the dataset's schema and every device file. */
function commonKey(): string {
	const manifest = loadManifest();
	// Hashed once, not once a page (the device files grow with the catalog, and so do its pages).
	common ??= sha256(JSON.stringify([codeVersion(), siteUrl(), dataBase(), manifest.schema_version, manifest.inputs.map((i) => [i.path, i.sha256])]));
	return common;
}

/** What a page of these reviews is made from: each review's manifest (it hashes the review's files) and commonKey. */
function pageKey(path: string, reviews: readonly string[]): string {
	const manifest = loadManifest();
	return sha256(JSON.stringify([commonKey(), path, reviews.map((id) => [id, manifest.reviews[id]?.sha256])]));
}

/** What a folder made from `input` alone is made from (see foldersToRender). */
const folderKey = (path: string, input: string) => sha256(JSON.stringify([commonKey(), path, sha256(input)]));

function writeRoute(route: string, pages: RoutePages): void {
	mkdirSync(routesDir(), { recursive: true });
	writeFileSync(join(routesDir(), `${route}.json`), JSON.stringify(pages));
}

/** The page group a page path ("zh-Hans/reviews/x/w/") is in: the pages of one embed document ("/reviews/x/"). */
const pageGroup = (path: string) => embedGroupOf(withoutLang(path));

/** The file a page path is written to: a folder's index.html, or the path itself for a file ("data/compare/drives/x.json"). */
const pageFile = (path: string) => (path.endsWith('/') ? join(path, 'index.html') : path);

/**
 * The pages of a route to render: all of them, unless this is an incremental build, when the pages whose key is the
 * last build's are left out (the build's end takes them over, see keepUnchangedPages).
 */
function toRender<T extends { path: string; reviews: readonly string[] }>(route: string, all: readonly T[], rendersPage: (page: T) => boolean): T[] {
	// A measurement of the pages over the whole catalog alone (npm run bench -- --catalog N --only find).
	if (process.env.SITE_CATALOG_PAGES_ONLY === '1') return [];
	// A build on several cores: this process's share (build-shards.ts).
	const mine = all.filter(rendersPage);
	if (!codeVersion()) return mine;
	const keys = previousKeys();
	const out: RoutePages = { pages: {}, kept: [] };
	const render: T[] = [];
	for (const page of mine) {
		const key = pageKey(page.path, page.reviews);
		out.pages[page.path] = key;
		if (keys[page.path] === key && existsSync(join(previousBuild()!, pageFile(page.path)))) out.kept.push(page.path);
		else render.push(page);
	}
	writeRoute(route, out);
	return render;
}

/** The paths a route under `src/pages/[...lang]/` renders: its pages in every language (see toRender). */
export function pagesToRender<P extends Record<string, string>>(route: string, pages: readonly ReviewPage<P>[]) {
	const all = inEveryLang(pages).map((p) => ({ ...p, path: langPath(p.lang, p.path) }));
	return toRender(route, all, (page) => rendersGroup(pageGroup(page.path))).map((p) => ({ params: p.params }));
}

/**
 * The files a route of one file per item renders ("/data/compare/drives/x.json", the same for every language): files of
 * data/ made from the dataset, spread over the processes of a build on several cores by path; each process hosts its
 * own in the dataset version they are kept with (version-hosting.ts).
 */
export function filesToRender<P extends Record<string, string>>(route: string, files: readonly ReviewPage<P>[]) {
	return toRender(route, files.map((p) => ({ ...p, path: p.path.replace(/^\//, '') })), (file) => rendersGroup(file.path)).map((p) => ({ params: p.params }));
}

/** A folder of files made whole from one input (a finder family's files from the family's rows): `item` makes it. */
export interface InputFolder<T> {
	/** Its site path, under the route's root ("data/find/families/random-100-4096/"). */
	path: string;
	/** Everything its files are made from, besides the code (a family's rows, reviews and devices as JSON). */
	input: string;
	item: T;
}

/**
 * The folders of a route to render, each made from an input of its own, all of them under `root` and from what
 * `whole` hashes (the tables they are made from; null when nothing does). When `whole` is the last build's, the last
 * build's folders under `root` are all kept and `folders` is not called (making the inputs is work over the whole
 * catalog: the finder's queries); else a folder is kept when its own input is the last build's, the others rendered.
 */
export async function foldersToRender<T>(route: string, root: string, whole: string | null, folders: () => Promise<InputFolder<T>[]>): Promise<T[]> {
	if (!codeVersion()) return (await folders()).map((f) => f.item);
	const [keys, previous] = [previousKeys(), previousBuild()];
	const out: RoutePages = { pages: whole === null ? {} : { [root]: folderKey(root, whole) }, kept: [], folders: true };
	const had = Object.keys(keys).filter((path) => path !== root && path.startsWith(root));
	if (previous && whole !== null && keys[root] === out.pages[root] && had.every((path) => existsSync(join(previous, path)))) {
		for (const path of had) out.pages[path] = keys[path]!;
		out.kept = had;
		writeRoute(route, out);
		return [];
	}
	const render: T[] = [];
	for (const folder of await folders()) {
		const key = folderKey(folder.path, folder.input);
		out.pages[folder.path] = key;
		if (previous && keys[folder.path] === key && existsSync(join(previous, folder.path))) out.kept.push(folder.path);
		else render.push(folder.item);
	}
	writeRoute(route, out);
	return render;
}

/**
 * At the build's end: the pages left out are taken from the last build (each page's HTML, the tables and social
 * preview it published beside it and its charts' embeds; a kept folder whole), and the new output records every page's key.
 * Returns how many pages (and folders) were kept.
 */
export function keepUnchangedPages(siteDir: string): number {
	const dir = routesDir();
	if (!existsSync(dir)) return 0;
	const record: BuildRecord = { code: codeVersion() ?? '', pages: {} };
	let kept = 0;
	for (const file of readdirSync(dir).sort()) {
		const route = JSON.parse(readFileSync(join(dir, file), 'utf8')) as RoutePages;
		Object.assign(record.pages, route.pages);
		for (const path of route.kept) {
			kept++;
			if (route.folders) {
				placeTree(join(previousBuild()!, path), join(siteDir, path), 'link');
				continue;
			}
			placeFile(join(previousBuild()!, pageFile(path)), join(siteDir, pageFile(path)), 'link');
			if (path.endsWith('/')) {
				const { folders, files, shared } = pageDataFiles(path);
				const from = (file: string) => join(previousBuild()!, 'data', file);
				const to = (file: string) => join(siteDir, 'data', file);
				for (const folder of folders) placeTree(from(folder), to(folder), 'link');
				for (const file of files) if (existsSync(from(file))) placeFile(from(file), to(file), 'link');
				// Shared with the page's other languages or its group's pages: taken once.
				for (const file of shared) if (!existsSync(to(file)) && existsSync(from(file))) placeFile(from(file), to(file), 'link');
			}
		}
	}
	rmSync(dir, { recursive: true, force: true });
	writeRecord(join(siteDir, BUILD_RECORD), record);
	return kept;
}

/** The record written sorted by page path, so the same pages give the same bytes. */
function writeRecord(file: string, record: BuildRecord): void {
	const sorted = Object.fromEntries(Object.entries(record.pages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
	writeFileSync(file, `${JSON.stringify({ code: record.code, pages: sorted }, null, '\t')}\n`);
}

/** Joins the record of a process of a build on several cores (`source`) into the first's (`target`): the pages of both. */
export function mergeBuildRecords(source: string, target: string): void {
	const [a, b] = [source, target].map((f) => JSON.parse(readFileSync(f, 'utf8')) as BuildRecord);
	if (a!.code !== b!.code) throw new Error(`build: the processes of one build built different code (${a!.code}, ${b!.code})`);
	writeRecord(target, { code: b!.code, pages: { ...b!.pages, ...a!.pages } });
}
