// How to cite the dataset, or one review's data, as plain text and BibTeX: written into each review's archive by the
// ingest and shown on the downloads page. Pure.

/** The dataset's name in citations (the site's English name). */
export const DATASET_TITLE = 'SSD review data';

export interface Citation {
	text: string;
	bibtex: string;
}

/** Text inside a BibTeX braced field: the characters TeX would act on, escaped. */
function bib(value: string): string {
	return value.replace(/[\\{}%&#$_^~]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '^' || c === '~' ? `\\${c}{}` : `\\${c}`)).replace(/\s+/g, ' ');
}

function bibtexEntry(key: string, fields: [string, string | null | undefined][]): string {
	const lines = fields.filter(([, v]) => v).map(([k, v]) => `  ${k} = {${bib(v!)}}`);
	return `@misc{${key},\n${lines.join(',\n')}\n}`;
}

/** The whole dataset at one version (SHA-256 of SHA256SUMS), generated on `date` (YYYY-MM-DD); `url` where it is served. */
export function datasetCitation(version: string, date: string, url?: string): Citation {
	const where = url ? ` ${url}` : '';
	return {
		text: `${DATASET_TITLE} (${date.slice(0, 4)}). Dataset version ${version}, generated ${date}.${where}`,
		bibtex: bibtexEntry(`ssd-review-data-${version.slice(0, 12)}`, [
			['title', DATASET_TITLE],
			['year', date.slice(0, 4)],
			['version', version],
			['date', date],
			['howpublished', url],
			['note', `Dataset version ${version} (SHA-256 of SHA256SUMS)`],
		]),
	};
}

/** The review a dataset row comes from, to cite with its data. */
export interface CitedReview {
	review_id: string;
	title: string;
	author: string | null;
	publisher: string | null;
	year: number | null;
	url: string | null;
}

/** One review's source and its normalized data at one version (the archive's own, see scripts/ingest/archive.ts). */
export function reviewCitation(review: CitedReview, version: string): Citation {
	const who = review.author ?? review.publisher ?? 'unknown author';
	const year = review.year === null ? 'n.d.' : String(review.year);
	const parts = [`${who} (${year}). ${review.title}.`];
	if (review.publisher && review.publisher !== who) parts.push(`${review.publisher}.`);
	if (review.url) parts.push(review.url + '.');
	parts.push(`Normalized in ${DATASET_TITLE}, review ${review.review_id}, data version ${version}.`);
	return {
		text: parts.join(' '),
		bibtex: bibtexEntry(`${review.review_id}`, [
			['title', review.title],
			['author', who],
			['publisher', review.publisher !== who ? review.publisher : null],
			['year', review.year === null ? null : String(review.year)],
			['howpublished', review.url],
			['note', `Normalized in ${DATASET_TITLE}, review ${review.review_id}, data version ${version}`],
		]),
	};
}
