// An embed pinned to a dataset version (?v=): while the site hosts that version (src/lib/dataset-versions.ts), the
// chart's data source is pointed at its files, so the chart script redraws it with that version's numbers, and a
// notice says newer data exists; when it is no longer hosted, the chart shows the current numbers and the notice
// says they changed.
import type { DatasetManifest, ReviewManifest } from '../dataset-layout.ts';
import { reviewManifestFile, reviewOfPartition } from '../dataset-layout.ts';
import { VERSIONS_INDEX, versionFolder, versionsOfIndex } from '../dataset-versions.ts';
import type { PageConfig } from '../site/page-config.ts';
import { readJson } from './inline-data.ts';

async function json<T>(url: string): Promise<T | null> {
	const r = await fetch(url);
	return r.ok ? ((await r.json()) as T) : null;
}

/** The page's file list rewritten to the version's files (their sizes differ); null when the version is not hosted. */
async function filesOfVersion(config: PageConfig, base: string): Promise<PageConfig['tables'] | null> {
	const manifest = await json<DatasetManifest>(`${base}manifest.json`);
	if (!manifest) return null;
	const reviews = new Map<string, ReviewManifest | null>();
	const reviewOf = async (id: string) => {
		if (!reviews.has(id)) reviews.set(id, manifest.reviews[id] ? await json<ReviewManifest>(`${base}${reviewManifestFile(id)}`) : null);
		return reviews.get(id)!;
	};
	const tables: PageConfig['tables'] = {};
	for (const [table, files] of Object.entries(config.tables)) {
		const found = await Promise.all(
			files.map(async (f) => {
				const review = reviewOfPartition(f.path);
				if (review === undefined) return manifest.tables[table] ? { path: f.path, bytes: manifest.tables[table].bytes } : null;
				const partition = (await reviewOf(review))?.partitions[table];
				return partition ? { path: partition.path, bytes: partition.bytes } : null;
			}),
		);
		tables[table] = found.filter((f): f is { path: string; bytes: number } => f !== null);
	}
	return tables;
}

/** Says, above the chart, that it shows a pinned older version (with a link to the current chart) or that the pinned one is gone. */
export function versionNotice(kind: 'newer' | 'gone', version: string): void {
	const p = document.querySelector<HTMLElement>('[data-embed-notice]');
	if (!p) return;
	const short = version.slice(0, 12);
	p.replaceChildren(document.createTextNode((kind === 'newer' ? p.dataset.newer : p.dataset.gone)?.replace('{version}', short) ?? ''));
	if (kind === 'newer') {
		const current = new URL(location.href);
		current.searchParams.delete('v');
		const a = document.createElement('a');
		a.href = `${current.pathname}${current.search}${current.hash}`;
		a.target = '_top';
		a.textContent = p.dataset.newerLink ?? '';
		p.append(' ', a);
	}
	p.hidden = false;
}

const indexes = new Map<string, Promise<string[]>>();

/**
 * The dataset versions the site under `dataBase` hosts, newest (the current one) first. Read when needed, not written
 * into pages: a page an incremental build keeps was made from an earlier version with the same numbers.
 */
export function hostedVersions(dataBase: string): Promise<string[]> {
	let list = indexes.get(dataBase);
	if (!list) {
		list = fetch(`${dataBase}${VERSIONS_INDEX}`)
			.then((r) => (r.ok ? (r.json() as Promise<unknown>) : []))
			.then(versionsOfIndex, () => []);
		indexes.set(dataBase, list);
	}
	return list;
}

/** The pinned version is an older one the site hosts under `dataBase`: true (the notice says newer data exists); gone: the notice says so. */
export async function otherHostedVersion(dataBase: string, version: string): Promise<boolean> {
	const hosted = await hostedVersions(dataBase);
	if (version === hosted[0]) return false;
	const older = hosted.includes(version);
	versionNotice(older ? 'newer' : 'gone', version);
	return older;
}

/**
 * Points the chart at the pinned version's files when that is an older one the site hosts. True when it did (the
 * chart must be drawn again from them).
 */
export async function pinVersion(version: string): Promise<boolean> {
	const block = document.querySelector<HTMLScriptElement>('script[data-chart-page]');
	const config = readJson<PageConfig>('script[data-chart-page]');
	if (!block || !config || !(await otherHostedVersion(config.dataBase, version))) return false;
	const base = `${config.dataBase}${versionFolder(version)}`;
	const tables = await filesOfVersion(config, base).catch(() => null);
	if (!tables) {
		versionNotice('gone', version);
		return false;
	}
	block.textContent = JSON.stringify({ ...config, dataBase: base, tables });
	return true;
}
