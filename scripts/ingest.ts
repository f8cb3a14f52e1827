// npm run ingest                         → all of data/ into public/data/
// npm run ingest -- <file|folder>… --out <dir>   → raw files with no metadata at all
import { parseArgs } from 'node:util';
import { OutputLocked } from './ingest/publish.ts';
import { ingest, type IngestReport } from './ingest/run.ts';

/** Exit status of an ingest that left files out (--keep-going): it wrote the rest. */
const EXIT_REFUSED = 3;

const USAGE = `usage: npm run ingest [-- <file-or-folder>… --out <dir>] [--data <dir>] [--keep-going] [--max-warnings <n>] [--wait <seconds>]
  --keep-going  leave out the raw files that fail, ingest the rest, list those left out and exit ${EXIT_REFUSED}`;

function progressBar(done: number, total: number, name: string): void {
	if (!process.stderr.isTTY) return;
	const width = 28;
	const filled = total ? Math.round((done / total) * width) : width;
	const label = name.length > 50 ? `…${name.slice(-49)}` : name;
	process.stderr.write(`\r\x1b[K[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${label}`);
}

async function main(): Promise<number> {
	let args;
	try {
		args = parseArgs({
			allowPositionals: true,
			options: {
				out: { type: 'string' },
				data: { type: 'string', default: 'data' },
				'max-warnings': { type: 'string', default: '20' },
				// How long to wait for another ingest writing the same output.
				wait: { type: 'string', default: '600' },
				'keep-going': { type: 'boolean', default: false },
				help: { type: 'boolean', short: 'h' },
			},
		});
	} catch (e) {
		console.error(`${(e as Error).message}\n${USAGE}`);
		return 2;
	}
	if (args.values.help) {
		console.log(USAGE);
		return 0;
	}
	const paths = args.positionals;
	if (paths.length && !args.values.out) {
		console.error(`--out <dir> is required when ingesting files or folders\n${USAGE}`);
		return 2;
	}
	const waitSeconds = Number(args.values.wait);
	if (!(waitSeconds >= 0)) {
		console.error(`--wait takes a number of seconds\n${USAGE}`);
		return 2;
	}
	const started = performance.now();
	let report: IngestReport;
	try {
		report = await ingest({
			dataDir: args.values.data,
			paths,
			out: args.values.out ?? 'public/data',
			onProgress: progressBar,
			lockWaitMs: waitSeconds * 1000,
			onLockWait: (message) => console.error(message),
			keepGoing: args.values['keep-going'],
		});
	} catch (err) {
		if (!(err instanceof OutputLocked)) throw err;
		console.error(`error: ${err.message}`);
		return 1;
	}
	if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
	const maxWarnings = Number(args.values['max-warnings']);
	for (const w of report.warnings.slice(0, maxWarnings)) {
		console.error(`warning: ${w.file}${w.line !== undefined ? `:${w.line}` : ''}: ${w.code}${w.field !== undefined ? ` [${w.field}]` : ''} ${w.message}`);
	}
	if (report.warnings.length > maxWarnings) console.error(`… and ${report.warnings.length - maxWarnings} more warnings (--max-warnings)`);
	for (const e of report.errors) console.error(`error: ${e.format()}`);
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	if (!report.ok) {
		console.error(`ingest failed: ${report.errors.length} error(s) in ${report.files} file(s); the previous output was left untouched.`);
		return 1;
	}
	for (const e of report.refused) console.error(`refused: ${e.format()}`);
	const m = report.manifest!;
	const rows = Object.entries(m.tables)
		.map(([name, t]) => `${name} ${t.rows}`)
		.join(', ');
	console.log(
		`ingested ${report.files} files → ${args.values.out ?? 'public/data'} in ${seconds} s ` +
			`(${report.reviewsRead} reviews read, ${report.reviewsReused} unchanged taken over): ${m.tables.runs!.rows} run rows; ${rows}; ` +
			`${report.warnings.length} warnings; dataset ${m.dataset_version.slice(0, 12)}`,
	);
	if (report.refused.length) {
		console.error(`${new Set(report.refused.map((e) => e.file)).size} file(s) refused and left out (--keep-going): see above.`);
		return EXIT_REFUSED;
	}
	return 0;
}

process.exitCode = await main();
