// The data table every chart also exports: what the no-JS page and screen readers get, in the chosen units.
export interface ChartTable {
	columns: string[];
	rows: (string | number | null)[][];
}
