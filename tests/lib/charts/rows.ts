// Hand-built rows for the chart tests: full schema rows with every unset column NULL.
import {
	comparisons,
	histograms,
	percentiles,
	runs,
	type ComparisonRow,
	type HistogramRow,
	type PercentileRow,
	type RunRow,
	type Table,
} from '../../../src/lib/schema.ts';

function blank<R>(table: Table): R {
	return Object.fromEntries(table.columns.map((c) => [c.name, null])) as R;
}

export function run(fields: Partial<RunRow> & Pick<RunRow, 'device_id' | 'run_id'>): RunRow {
	return {
		...blank<RunRow>(runs),
		review_id: 'review-a',
		source_file: 'fio/sweep.json',
		source_format: 'fio-json',
		scope: 'job',
		direction: 'read',
		value_origin: 'measured',
		...fields,
	};
}

export function percentile(fields: PercentileRow): PercentileRow {
	return { ...blank<PercentileRow>(percentiles), ...fields };
}

export function bin(fields: Partial<HistogramRow> & Pick<HistogramRow, 'run_id' | 'bin_lower_ns' | 'count'>): HistogramRow {
	return { ...blank<HistogramRow>(histograms), direction: 'read', stat: 'clat', source: 'fio-jsonplus', ...fields };
}

export function comparison(
	fields: Partial<ComparisonRow> & Pick<ComparisonRow, 'device_id' | 'source_line' | 'kind' | 'basis'>,
): ComparisonRow {
	return { ...blank<ComparisonRow>(comparisons), review_id: 'review-b', source_file: 'published/results.csv', ...fields };
}
