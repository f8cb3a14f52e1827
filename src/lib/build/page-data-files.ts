// Build-only: what a built site's data/ holds besides the dataset, in one place: the entries the site's routes write
// there, and the files pages write while they render (emitted-files.ts), a page's own and those it shares with its
// other languages and its group's pages. The build's end replaces the dataset's files around the routes' entries
// (astro.config.mjs), a dataset version holds none of what pages made (version-hosting.ts), and an incremental build
// keeps a page's files with it (incremental.ts).
import { withoutLang } from '../../i18n/routes.ts';
import { versionFolder } from '../dataset-versions.ts';
import { COMPARE_DRIVES_FOLDER } from '../compare/drive-file.ts';
import { FINDER_FOLDER } from '../find/layout.ts';
import { SOCIAL_IMAGES_FOLDER, socialImageFile } from '../site/social-path.ts';
import { CHART_TABLES_FOLDER, chartRowsFile, chartTablesFolder } from './chart-tables.ts';
import { EMBEDS_FOLDER, embedDocFile, embedGroupOf, embedOembedFile } from './embed.ts';

const topEntry = (path: string) => path.split('/')[0]!;

/** The entries of data/ the site's routes write: the downloads page, the comparison's drive files, the finder's files. */
export const ROUTE_ENTRIES: readonly string[] = ['index.html', topEntry(COMPARE_DRIVES_FOLDER), topEntry(FINDER_FOLDER)];

/** The folders of data/ pages write into while they render: their charts' tables and rows, previews, embed documents. */
const PAGE_FOLDERS = [CHART_TABLES_FOLDER, SOCIAL_IMAGES_FOLDER, EMBEDS_FOLDER];

/**
 * What of data/ (paths relative to it; folders end in "/") a dataset version leaves out: the versions, what pages made
 * from the dataset in a view and a language, the downloads page, and the finder's files (read for the dataset the
 * site publishes now, never a pinned one). The comparison's drive files, made from the dataset alone, are a version's.
 */
export const NOT_VERSIONED: readonly string[] = [topEntry(versionFolder('')) + '/', ...PAGE_FOLDERS, `${FINDER_FOLDER}/`, 'index.html'];

/**
 * A page's files under data/ (`pagePath` "zh-Hans/reviews/x/w/"): its own (its chart tables' folder, its preview) and
 * those it shares (its charts' rows, once for its every language; its group's embed document and oEmbed answer).
 */
export function pageDataFiles(pagePath: string): { folders: string[]; files: string[]; shared: string[] } {
	const sitePath = withoutLang(pagePath);
	const group = embedGroupOf(sitePath);
	return {
		folders: [chartTablesFolder(pagePath)],
		files: [socialImageFile(pagePath)],
		shared: [chartRowsFile(sitePath), embedDocFile(group), embedOembedFile(group)],
	};
}
