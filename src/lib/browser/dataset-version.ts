// An embed pinned to a dataset version (?v=): while the site hosts that version (src/lib/dataset-versions.ts), the
// chart's data source is pointed at its files, so the chart script redraws it with that version's numbers, and a
// notice says newer data exists; when it is no longer hosted, the chart shows the current numbers and the notice
// says they changed.
import type { DatasetManifest, ReviewManifest } from '../dataset-layout.ts';
import { reviewManifestFile, reviewOfPartition } from '../dataset-layout.ts';
import { VERSION_PATTERN, versionFolder } from '../dataset-versions.ts';
import type { PageConfig } from './charts-page.ts';
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

function notice(text: string, link?: { href: string; text: string }): void {
	const p = document.querySelector<HTMLElement>('[data-embed-notice]');
	if (!p) return;
	p.replaceChildren(document.createTextNode(text));
	if (link) {
		const a = document.createElement('a');
		a.href = link.href;
		a.target = '_top';
		a.textContent = link.text;
		p.append(' ', a);
	}
	p.hidden = false;
}

/**
 * Points the chart at the pinned version's files when that is not the current one. True when it did (the chart must
 * be drawn again from them).
 */
export async function pinVersion(version: string): Promise<boolean> {
	const root = document.documentElement;
	const messages = document.querySelector<HTMLElement>('[data-embed-notice]')?.dataset ?? {};
	const short = version.slice(0, 12);
	if (version === root.dataset.version) return false;
	const block = document.querySelector<HTMLScriptElement>('script[data-chart-page]');
	const config = readJson<PageConfig>('script[data-chart-page]');
	const base = config && VERSION_PATTERN.test(version) ? `${config.dataBase}${versionFolder(version)}` : null;
	const tables = base && config ? await filesOfVersion(config, base).catch(() => null) : null;
	if (!tables || !block || !config) {
		notice((messages.gone ?? '').replace('{version}', short));
		return false;
	}
	block.textContent = JSON.stringify({ ...config, dataBase: base, tables });
	const current = new URL(location.href);
	current.searchParams.delete('v');
	notice((messages.newer ?? '').replace('{version}', short), { href: `${current.pathname}${current.search}`, text: messages.newerLink ?? '' });
	return true;
}
