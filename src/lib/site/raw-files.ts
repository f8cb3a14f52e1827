// Links from a chart's points to the raw files their runs were read from ("data/raw/<source_file>"), for the
// files the ingest published. The same function at build time (asking the data folder) and in the browser (from the
// page's list of published files).
export function rawFileLinker(dataBase: string, published: { has(sourceFile: string): boolean }): (sourceFile: string) => string | null {
	return (sourceFile) => (published.has(sourceFile) ? `${dataBase}raw/${sourceFile}` : null);
}
