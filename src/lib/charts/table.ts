// The data table every chart also exports: what the no-JS page and screen readers get, in the chosen units.
import type { RunRow } from '../schema.ts';
import type { ChartContext } from './context.ts';

export interface ChartTable {
	columns: string[];
	rows: (string | number | null)[][];
}

/** The last columns of a table of runs: where each value comes from (measured or published), its run and file. */
export function runColumns(ctx: ChartContext): string[] {
	return [ctx.labels.col_origin, ctx.labels.col_run, ctx.labels.col_source];
}

/** A run's cells under runColumns. */
export function runCells(run: Pick<RunRow, 'value_origin' | 'run_id' | 'source_file'>, ctx: ChartContext): string[] {
	return [ctx.origin(run.value_origin), run.run_id, run.source_file];
}
