// Links from a chart's points to the raw files their runs were read from (publishedRawPath), for the
// files the ingest published. The same function at build time (asking the data folder) and in the browser (from the
// page's list of published files).
import { publishedRawPath } from '../dataset-layout.ts';

export function rawFileLinker(dataBase: string, published: { has(sourceFile: string): boolean }): (sourceFile: string) => string | null {
	return (sourceFile) => (published.has(sourceFile) ? `${dataBase}${publishedRawPath(sourceFile)}` : null);
}
