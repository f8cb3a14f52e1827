// Checks every parsed row must pass before it is published, and the cross-checks that catch
// unit bugs (a value off by 1.024, 1.048576 or 1000 shows up as IOPS × block size ≠ bandwidth).
import type { ParseResult, Warning } from './formats/parse-result.ts';

export const BW_IOPS_TOLERANCE = 0.02;

export interface RowProblem {
	code: string;
	message: string;
	line?: number;
	field: string;
}

/** Columns that may legitimately be negative. */
export const SIGNED_COLUMNS: ReadonlySet<string> = new Set(['delta_pct']);

function checkRows(table: string, rows: readonly object[], problems: RowProblem[]): void {
	for (const row of rows) {
		for (const [k, v] of Object.entries(row)) {
			if (typeof v !== 'number') continue;
			const line = (row as { source_line?: number | null; seq?: number }).source_line ?? (row as { seq?: number }).seq;
			const where = line === undefined || line === null ? {} : { line };
			if (!Number.isFinite(v)) problems.push({ code: 'NOT_FINITE', field: `${table}.${k}`, message: `${k} is ${v}`, ...where });
			else if (v < 0 && !SIGNED_COLUMNS.has(k)) problems.push({ code: 'NEGATIVE', field: `${table}.${k}`, message: `${k} is negative (${v})`, ...where });
		}
	}
}

/** Hard errors: NaN, ±Infinity and negative values in any numeric column. */
export function findInvalidValues(result: ParseResult): RowProblem[] {
	const problems: RowProblem[] = [];
	checkRows('runs', result.runs, problems);
	checkRows('percentiles', result.percentiles, problems);
	checkRows('histograms', result.histograms, problems);
	checkRows('timeseries', result.timeseries, problems);
	checkRows('figures', result.figures.filter((f) => f.base_unit !== '%' && f.metric !== 'relative_change'), problems);
	checkRows('comparisons', result.comparisons, problems);
	return problems;
}

/** Warnings: IOPS × block size and bandwidth disagree by more than 2 %. */
export function crossCheckBandwidth(result: ParseResult): Warning[] {
	const warnings: Warning[] = [];
	for (const r of result.runs) {
		if (r.iops === null || r.bw_bytes_per_s === null || r.block_size_bytes === null) continue;
		if (r.iops === 0 && r.bw_bytes_per_s === 0) continue;
		const expected = r.iops * r.block_size_bytes;
		const diff = Math.abs(expected - r.bw_bytes_per_s) / Math.max(r.bw_bytes_per_s, expected);
		if (diff > BW_IOPS_TOLERANCE) {
			warnings.push({
				code: 'BW_IOPS_MISMATCH',
				message:
					`${r.run_key} ${r.direction}: IOPS × block size = ${expected.toFixed(0)} B/s but bandwidth = ` +
					`${r.bw_bytes_per_s.toFixed(0)} B/s (${(diff * 100).toFixed(1)} % apart) — a unit error?`,
				...(r.source_line !== null ? { line: r.source_line } : {}),
				field: 'bw_bytes_per_s',
			});
		}
	}
	return warnings;
}
