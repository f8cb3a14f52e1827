// Links from a chart's points to the raw files their runs were read from ("data/raw/<source_file>"), for the
// files the ingest published. The same function at build time (from the manifest) and in the browser (from the
// page's list of published files).
export function rawFileLinker(dataBase: string, published: Iterable<string>): (sourceFile: string) => string | null {
	const files = new Set(published);
	return (sourceFile) => (files.has(sourceFile) ? `${dataBase}raw/${sourceFile}` : null);
}
