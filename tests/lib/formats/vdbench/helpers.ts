// Reading Vdbench fixtures the way the ingest does: the format that detects a file parses it, with the texts of the
// companions it names that the folder holds (here: the fixtures of one output folder share a name prefix).
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { formats } from '../../../../src/lib/formats/vdbench/index.ts';
import { noContext, type FileFormat } from '../../../../src/lib/formats/format.ts';
import type { ParsedRun, ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, type Fixture } from '../../../helpers/fixtures.ts';

export const FIXTURES = listFixtures('vdbench');
const byFile = new Map(FIXTURES.map((f) => [f.name.replace(/^vdbench\//, ''), f]));

export const head = (text: string) => text.replace(/^\uFEFF/, '').slice(0, 64 * 1024);
export const detected = (text: string, name: string): FileFormat[] => formats.filter((x) => x.detect(head(text), name));
export const formatById = (id: string) => formats.find((f) => f.id === id)!;
export const textOf = (f: Fixture) => readFileSync(f.path, 'utf8');

export function fixtureText(file: string): string {
	const f = byFile.get(file);
	if (!f) throw new Error(`fixture vdbench/${file} is missing`);
	return textOf(f);
}
export const hasFixture = (file: string) => byFile.has(file);

/** The companions `format` names for `file` that are fixtures too, by name. */
export function companionsOf(format: FileFormat, file: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const name of format.companions?.(file) ?? []) if (byFile.has(name)) out[name] = fixtureText(name);
	return out;
}

/** Parses a fixture with the format that detects it, alone or with the companions of its folder. */
export function parse(file: string, withCompanions = true): ParseResult {
	const text = fixtureText(file);
	const format = detected(text, file)[0];
	if (!format) throw new Error(`no Vdbench format detects ${file}`);
	return format.parse(text, file, noContext(withCompanions ? companionsOf(format, file) : {}));
}

export function run(r: ParseResult, key: string, direction: string): ParsedRun {
	const found = r.runs.filter((x) => x.run_key === key && x.direction === direction);
	expect(found, `${key} ${direction}`).toHaveLength(1);
	return found[0]!;
}

/** "scope/direction" → number of runs. */
export function shape(r: ParseResult): Record<string, number> {
	const out: Record<string, number> = {};
	for (const x of r.runs) out[`${x.scope}/${x.direction}`] = (out[`${x.scope}/${x.direction}`] ?? 0) + 1;
	return out;
}

export const codes = (r: ParseResult) => r.warnings.map((w) => w.code);

const value = (t: ParseResult['timeseries'][number]) => Number((t.iops ?? t.bw_bytes_per_s ?? t.lat_ns ?? 0).toPrecision(12));

/**
 * What a golden file holds: everything, time series one line per point. `summarizeSeries` keeps only their size
 * and ends (for a second golden of the same folder whose points another golden already pins).
 */
export function goldenOf(r: ParseResult, summarizeSeries = false): unknown {
	const lines = r.timeseries.map((t) => `${t.seq} ${t.series_key} ${t.metric} ${t.direction} t=${t.time_ms} w=${t.window_ms} ${value(t)}`);
	const timeseries = summarizeSeries
		? { points: lines.length, series: new Set(r.timeseries.map((t) => `${t.metric}#${t.series_key}`)).size, first: lines[0] ?? null, last: lines[lines.length - 1] ?? null }
		: lines;
	return { ...r, timeseries };
}
