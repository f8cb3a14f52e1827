// Oracle Vdbench 5.x output folders (raw/SD workloads): summary.html, totals.html, flatfile.html, histogram.html
// and parmfile.html. Format facts: OTHER_FORMATS.md §3.
//
// One output folder holds the same runs several times, so exactly one of its files gives them:
//   flatfile.html   runs (the avg_ rows, full precision, requested rate/xfersize/threads) and their interval
//                   rows as time series; histogram.html's bins join its runs; summary.html adds the MB of MB/sec
//                   (1024**2 or 1000**2), the run-start lines and the UTC offset; parmfile.html the conditions.
//   summary.html    the same from its own lines, only when the folder has no flatfile.html;
//   totals.html     runs without time series, only when there is neither flatfile.html nor summary.html;
//   histogram.html  its bins join the runs of the file above; alone, bare runs (name, requested rate, I/O
//                   counts) carry them;
//   parmfile.html   nothing (no results): it is read by the others.
// A file whose better sibling is present returns nothing, but still reads its own text, so bad input is its error.
// Bins and time series come out of the one parse that gives the runs, so they share its run_key ("rd1", and
// "rd1@2" for the second run of an RD repeated by a for-loop or an iorate list) and its run_id.
// Every run is a total over hosts and SDs (scope 'total'); an iorate ramp (iorate=(…), iorate=curve, or one RD
// per rate) is one workload whose runs are ordered by rate_limit_iops, so it draws as a latency-vs-IOPS curve.
import type { FileFormat } from '../format.ts';
import { COMPANIONS, FILE_KINDS, parseVdbenchFile, siblingName, type FileKind } from './folder.ts';
import { isFlatfileHeader } from './flatfile.ts';
import { textLines } from './text.ts';

/** The head's first lines without their markup. */
function firstLines(head: string, n: number): string[] {
	const end = head.split('\n', n).join('\n').length;
	return textLines(head.slice(0, end)).lines.slice(0, n);
}

const detectors: Record<FileKind, (head: string) => boolean> = {
	summary: (head) => firstLines(head, 4).some((l) => /^Vdbench summary report, created /.test(l.trim())),
	totals: (head) => firstLines(head, 3).some((l) => l.trim() === 'Run totals') && /Link to Run Definitions:|Starting RD=/.test(head),
	histogram: (head) =>
		firstLines(head, 3).some((l) => l.trim() === 'Total response time histogram.') && /Link to Run Definitions:|Starting RD=|min\(ms\)/.test(head),
	flatfile: (head) =>
		/^\* 'flatfile\.html' contains Vdbench generated information/m.test(head) ||
		(/^\* Run\s+: Name of run from RD=/m.test(head) && head.split('\n').some(isFlatfileHeader)),
	parmfile: (head) => firstLines(head, 4).some((l) => /^\* Contents of parameter file:/.test(l.trim())),
};

const DESCRIBE: Record<FileKind, string> = {
	flatfile: 'Vdbench 5.x `flatfile.html` (fixed-width 5.0x and space-separated 5.04 layouts): run averages and interval rows',
	summary: 'Vdbench 5.x `summary.html`: run averages and interval lines (runs only when the folder has no flatfile.html)',
	totals: 'Vdbench 5.x `totals.html`: run averages (only when the folder has neither flatfile.html nor summary.html)',
	histogram: 'Vdbench 5.x `histogram.html`: total response-time histogram per run, joined to the runs of its folder',
	parmfile: 'Vdbench 5.x `parmfile.html`: the parameter file, read for the runs\' conditions (no results of its own)',
};

function format(kind: FileKind): FileFormat {
	const id = `vdbench-${kind}`;
	return {
		id,
		tool: 'vdbench',
		describe: DESCRIBE[kind],
		detect: detectors[kind],
		mayBeEmpty: true,
		companions: (fileName) => COMPANIONS[kind].flatMap((k) => siblingName(fileName, k) ?? []),
		parse: (text, file, context) => parseVdbenchFile(kind, text, file, context, id),
	};
}

export const formats: readonly FileFormat[] = FILE_KINDS.map(format);
