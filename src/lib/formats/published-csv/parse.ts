// Published review figures, transcribed one per line into a CSV (data/reviews/<id>/published.csv):
// every line becomes a figure exactly as printed; performance figures also become runs and
// relative ones ("+108 % vs SSD 710") comparisons. Pure: no fs, no console.
import type { Direction } from '../../schema.ts';
import { normalizePublished, parseBlockSize, parseCount } from '../../units.ts';
import { readCsv, type CsvRecord } from './reader.ts';
import {
	ACCESS_KINDS,
	METRIC_VOCABULARY,
	PUBLISHED_COLUMNS,
	basisDeviceCandidate,
	classifyMetric,
	comparedQuantity,
	correctionOf,
	isDeviceId,
	randomPctOf,
	rwOf,
	workloadDirection,
	type Access,
	type MetricKind,
	type PublishedColumn,
} from './fields.ts';
import { newRun } from '../rows.ts';
import { TOOL_IDS, toolName, toolOf, type ToolId } from '../../vocabulary.ts';
import { ParseError, emptyResult, stripBom, type ParseResult, type ParsedComparison, type ParsedFigure } from '../parse-result.ts';

type Row = Record<PublishedColumn, string>;

/** Free-text columns (the others are ids, numbers or a vocabulary, each checked on its own). */
const TEXT_COLUMNS = ['workload', 'tool', 'condition', 'quote'] as const satisfies readonly PublishedColumn[];
/** What a spreadsheet runs as a formula: as src/lib/csv.ts, which escapes it on export. */
const FORMULA = /^(?:[\t\r\0]|\s*[=+\-@＝＋－＠])/u;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
type RunMetric = Extract<MetricKind, { kind: 'run' }>;

/** One CSV line, checked and typed; `metric` tells what else it becomes. */
interface Line {
	line: number;
	review_id: string;
	device_id: string;
	device_count: number | null;
	workload: string | null;
	access: Access | null;
	read_pct: number | null;
	block_size_bytes: number | null;
	threads: number | null;
	queue_depth: number | null;
	metric: string;
	kind: MetricKind;
	value_printed: string;
	unit_printed: string;
	/** The number as printed, multiplier applied, before the unit ("84.3K" → 84300). */
	number: number;
	value: number;
	base_unit: string;
	/** The tool of a performance figure (the column is not stored for the others: teardowns, instruments). */
	tool: { tool: ToolId; version: string | null } | null;
	condition: string | null;
	quote: string | null;
}

/**
 * `knownDevices`: ids of data/devices/*.yaml, so a comparison basis that is a device without
 * rows of its own in this file (e.g. "intel-ssd-520") still gets its basis_device_id.
 */
export function parsePublishedCsv(text: string, file: string, knownDevices?: ReadonlySet<string>): ParseResult {
	// The header first, so that a file that is not a published-figures CSV at all says so on line 1 (not with a quoting
	// error further down). Header names are never quoted; a quoted header is left to the reader.
	const firstLine = stripBom(text).split('\n', 1)[0]!.replace(/\r$/, '');
	if (firstLine !== '' && !firstLine.includes('"')) checkHeader({ line: 1, fields: firstLine.split(',') }, file);
	const { records, blankLines } = readCsv(text, file);
	const [header, ...body] = records;
	if (!header) throw new ParseError('EMPTY_FILE', file, { line: 1 }, 'no header line');
	checkHeader(header, file);

	const lines = body.map((record) => readLine(record, file));
	const fileDevices = new Set(lines.map((l) => l.device_id));
	const result = emptyResult();
	for (const n of blankLines) result.warnings.push({ code: 'BLANK_LINE', message: 'empty line skipped', line: n });
	for (const l of lines) {
		const runKey = l.kind.kind === 'run' ? addRun(result, l, l.kind) : null;
		if (l.kind.kind === 'comparison') result.comparisons.push(comparisonOf(l, file, fileDevices, knownDevices));
		result.figures.push(figureOf(l, runKey));
	}
	return result;
}

function checkHeader(header: CsvRecord, file: string): void {
	const got = header.fields;
	PUBLISHED_COLUMNS.forEach((name, k) => {
		if (got[k] !== name) {
			throw new ParseError(
				'BAD_HEADER',
				file,
				{ line: header.line, field: name },
				`column ${k + 1} must be "${name}", found "${got[k] ?? ''}"`,
			);
		}
	});
	if (got.length !== PUBLISHED_COLUMNS.length) {
		throw new ParseError(
			'BAD_HEADER',
			file,
			{ line: header.line },
			`expected ${PUBLISHED_COLUMNS.length} columns, found ${got.length}`,
		);
	}
}

/** A performance figure's tool: empty, or a tool of the vocabulary (any spelling of its name) and a version. */
function toolOfLine(printed: string, fail: (code: string, field: PublishedColumn, reason: string) => never): Line['tool'] {
	if (printed.trim() === '') return null;
	return (
		toolOf(printed) ??
		fail('UNKNOWN_TOOL', 'tool', `"${printed}" is not a tool of the list (src/lib/vocabulary.ts): ${TOOL_IDS.map(toolName).join(', ')}, each optionally followed by its version`)
	);
}

function readLine(record: CsvRecord, file: string): Line {
	const { line, fields } = record;
	if (fields.length !== PUBLISHED_COLUMNS.length) {
		throw new ParseError('FIELD_COUNT', file, { line }, `expected ${PUBLISHED_COLUMNS.length} fields, found ${fields.length}`);
	}
	const row = Object.fromEntries(PUBLISHED_COLUMNS.map((c, k) => [c, fields[k]!])) as Row;
	const fail = (code: string, field: PublishedColumn, reason: string): never => {
		throw new ParseError(code, file, { line, field }, reason);
	};

	// published.csv is also published for download as it is: a text cell a spreadsheet would run as a formula
	// (OWASP "CSV injection", the rule src/lib/csv.ts escapes on export) is refused, not passed on.
	for (const field of TEXT_COLUMNS) {
		if (FORMULA.test(row[field]) && !NUMBER.test(row[field].trim())) {
			fail('FORMULA_CELL', field, `"${row[field].slice(0, 40)}" starts like a spreadsheet formula (= + - @): reword it, the file is published as it is`);
		}
	}
	const id = (field: PublishedColumn): string =>
		isDeviceId(row[field]) ? row[field] : fail('BAD_ID', field, `"${row[field]}" is not a lower-case kebab-case id`);
	const text = (field: PublishedColumn): string | null => (row[field].trim() === '' ? null : row[field]);
	const positiveInt = (field: PublishedColumn): number | null => {
		const t = row[field].trim();
		if (t === '') return null;
		const n = /^\d+$/.test(t) ? Number(t) : NaN;
		return Number.isSafeInteger(n) && n > 0 ? n : fail('BAD_NUMBER', field, `"${row[field]}" is not a positive integer`);
	};

	const readPctText = row.read_pct.trim();
	let read_pct: number | null = null;
	if (readPctText !== '') {
		const n = /^\d+(?:\.\d+)?$/.test(readPctText) ? Number(readPctText) : NaN;
		read_pct = n >= 0 && n <= 100 ? n : fail('BAD_NUMBER', 'read_pct', `"${row.read_pct}" is not a percentage 0–100`);
	}
	const accessText = row.access.trim();
	let access: Access | null = null;
	if (accessText !== '') {
		if (!(ACCESS_KINDS as readonly string[]).includes(accessText)) {
			fail('BAD_VALUE', 'access', `"${row.access}" is not one of ${ACCESS_KINDS.join(', ')}`);
		}
		access = accessText as Access;
	}
	const blockText = row.block_size.trim();
	let block_size_bytes: number | null = null;
	if (blockText !== '') {
		const b = parseBlockSize(blockText);
		block_size_bytes =
			b !== undefined && b > 0 && Number.isSafeInteger(b)
				? b
				: fail('BAD_BLOCK_SIZE', 'block_size', `"${row.block_size}" is not a block size`);
	}

	const metric = row.metric.trim();
	const kind = classifyMetric(metric) ?? fail('UNKNOWN_METRIC', 'metric', `"${row.metric}" is not a known metric (${METRIC_VOCABULARY})`);
	const number = parseCount(row.value);
	if (number === undefined || !Number.isFinite(number)) fail('BAD_NUMBER', 'value', `"${row.value}" is not a number`);
	if (number! < 0 && kind.kind !== 'comparison')
		fail('NEGATIVE_VALUE', 'value', `"${row.value}" is negative; only relative_change is signed`);
	const normal = normalizePublished(row.value, row.unit) ?? fail('UNKNOWN_UNIT', 'unit', `unknown unit "${row.unit}"`);
	if (!Number.isFinite(normal.value)) fail('BAD_NUMBER', 'value', `"${row.value} ${row.unit}" overflows`);
	if (kind.baseUnits && !kind.baseUnits.includes(normal.base_unit)) {
		fail(
			'UNIT_MISMATCH',
			'unit',
			`"${row.unit}" (${normal.base_unit}) does not fit metric ${metric} (${kind.baseUnits.join(' or ')})`,
		);
	}

	return {
		line,
		review_id: id('review_id'),
		device_id: id('device_id'),
		device_count: positiveInt('device_count'),
		workload: text('workload'),
		access,
		read_pct,
		block_size_bytes,
		threads: positiveInt('threads'),
		queue_depth: positiveInt('queue_depth'),
		metric,
		kind,
		value_printed: row.value,
		unit_printed: row.unit,
		number: number!,
		value: normal.value,
		base_unit: normal.base_unit,
		tool: kind.kind === 'run' ? toolOfLine(row.tool, fail) : null,
		condition: text('condition'),
		quote: text('quote'),
	};
}

/** A performance figure as one run of its own; returns its run_key. */
function addRun(result: ParseResult, l: Line, kind: RunMetric): string {
	const runKey = `line${l.line}`;
	const jobDirection = workloadDirection(l.read_pct, l.workload);
	const direction: Direction = kind.direction ?? jobDirection;
	const tool = { tool: l.tool?.tool ?? null, tool_version: l.tool?.version ?? null };
	const run = newRun({
		run_key: runKey,
		source_format: 'published-csv',
		scope: 'figure',
		direction,
		value_origin: 'published',
		review_id: l.review_id,
		device_id: l.device_id,
		source_line: l.line,
		...tool,
		job_name: l.workload,
		workload: l.workload,
		rw: rwOf(l.access, jobDirection),
		access: l.access,
		read_pct: l.read_pct,
		random_pct: randomPctOf(l.access),
		block_size_bytes: l.block_size_bytes,
		numjobs: l.threads,
		iodepth: l.queue_depth,
		device_count: l.device_count,
		condition: l.condition,
		quote: l.quote,
		correction: correctionOf(l.condition),
	});
	if (kind.column) run[kind.column] = l.value;
	result.runs.push(run);
	if (kind.percentile !== null) {
		result.percentiles.push({ run_key: runKey, direction, stat: 'lat', percentile: kind.percentile, value_ns: l.value });
	}
	return runKey;
}

function comparisonOf(l: Line, file: string, fileDevices: Set<string>, knownDevices?: ReadonlySet<string>): ParsedComparison {
	const m = /^(delta|ratio) vs ([^:]+):/.exec(l.condition ?? '');
	if (!m) {
		throw new ParseError(
			'BAD_COMPARISON',
			file,
			{ line: l.line, field: 'condition' },
			'a relative_change condition must start "delta vs <basis>:" or "ratio vs <basis>:"',
		);
	}
	const kind = m[1] as 'delta' | 'ratio';
	const basis = m[2]!.trim();
	const isPercent = l.base_unit === '%';
	if (kind === 'ratio' && l.number < 0) {
		throw new ParseError('NEGATIVE_VALUE', file, { line: l.line, field: 'value' }, 'a ratio cannot be negative');
	}
	// A delta printed in 倍 ("提升1倍") is a change of value × 100 %; a ratio printed in % is a fraction.
	const delta_pct = kind === 'delta' ? (isPercent ? l.value : l.value * 100) : null;
	const ratio = kind === 'ratio' ? (isPercent ? l.value / 100 : l.value) : null;
	const candidate = basisDeviceCandidate(basis);
	const known = candidate !== null && (fileDevices.has(candidate) || (knownDevices?.has(candidate) ?? false));
	return {
		review_id: l.review_id,
		device_id: l.device_id,
		source_line: l.line,
		workload: l.workload,
		iodepth: l.queue_depth,
		kind,
		basis,
		basis_device_id: known ? candidate : null,
		quantity: comparedQuantity(l.condition, l.quote),
		delta_pct,
		ratio,
		condition: l.condition,
		quote: l.quote,
	};
}

function figureOf(l: Line, runKey: string | null): ParsedFigure {
	return {
		review_id: l.review_id,
		device_id: l.device_id,
		source_line: l.line,
		run_key: runKey,
		workload: l.workload,
		metric: l.metric,
		value_printed: l.value_printed,
		unit_printed: l.unit_printed,
		value: l.value,
		base_unit: l.base_unit,
		condition: l.condition,
		correction: correctionOf(l.condition),
		quote: l.quote,
	};
}
