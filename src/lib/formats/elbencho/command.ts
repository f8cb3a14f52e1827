// The test's settings from elbencho's own record of its command line (`COMMAND LINE:` of the result
// text, `command` of the result CSV): every argv token wrapped in "…" and joined by spaces; the CSV
// replaces commas by spaces (Statistics.cpp). The text output has no other source for them.
import { KIB } from '../../units.ts';
import { warnOnce, type ElbenchoContext } from './common.ts';

export interface CommandFacts {
	/** Service hosts (--hosts): machines running the benchmark, not drives. */
	hosts: number | null;
	/** Threads per host (--threads / -t). */
	threads: number | null;
	blockBytes: number | null;
	iodepth: number | null;
	/** --rand given (random offsets); false when the command line was read and it is absent. */
	random: boolean;
	direct: boolean;
	fileSizeBytes: number | null;
	timeLimitS: number | null;
}

const VALUE_OPTIONS: Record<string, string> = {
	'--threads': 'threads',
	'-t': 'threads',
	'--block': 'block',
	'-b': 'block',
	'--size': 'size',
	'-s': 'size',
	'--iodepth': 'iodepth',
	'--hosts': 'hosts',
	'--timelimit': 'timelimit',
};

/** elbencho's sizes (UnitTk::numHumanToBytesBinary): digits and an optional K/M/G/T/P/E, always binary. */
export function sizeToBytes(text: string): number | undefined {
	const m = /^(\d+)([kmgtpe]?)$/i.exec(text.trim());
	if (!m) return undefined;
	const power = m[2] ? 'kmgtpe'.indexOf(m[2].toLowerCase()) + 1 : 0;
	const bytes = Number(m[1]) * KIB ** power;
	return Number.isSafeInteger(bytes) ? bytes : undefined;
}

function tokens(command: string): string[] {
	const quoted = [...command.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
	return quoted.length > 0 ? quoted : command.trim().split(/\s+/);
}

export function parseCommand(ctx: ElbenchoContext, command: string, line: number): CommandFacts {
	const facts: CommandFacts = {
		hosts: null,
		threads: null,
		blockBytes: null,
		iodepth: null,
		random: false,
		direct: false,
		fileSizeBytes: null,
		timeLimitS: null,
	};
	const args = tokens(command);
	const unreadable = (option: string, value: string) =>
		warnOnce(ctx, 'ELBENCHO_COMMAND_VALUE', { line }, `command line: "${option} ${value.slice(0, 30)}" not understood; that setting is left NULL`);
	for (let i = 0; i < args.length; i++) {
		const m = /^(--?[A-Za-z0-9-]+)(?:=(.*))?$/.exec(args[i]!);
		if (!m) continue;
		const option = m[1]!;
		if (option === '--rand') facts.random = true;
		if (option === '--direct') facts.direct = true;
		const name = VALUE_OPTIONS[option];
		if (name === undefined) continue;
		const value = m[2] ?? args[i + 1];
		if (m[2] === undefined) i++;
		if (value === undefined) {
			unreadable(option, '');
			continue;
		}
		const v = value.trim();
		if (name === 'hosts') {
			facts.hosts = v.split(/[\s,]+/).filter((h) => h !== '').length || null;
		} else if (name === 'block' || name === 'size') {
			const bytes = sizeToBytes(v);
			if (bytes === undefined) unreadable(option, v);
			else if (name === 'block') facts.blockBytes = bytes;
			else facts.fileSizeBytes = bytes;
		} else if (/^\d+$/.test(v)) {
			const n = Number(v);
			if (name === 'threads') facts.threads = n;
			else if (name === 'iodepth') facts.iodepth = n;
			else facts.timeLimitS = n;
		} else unreadable(option, v);
	}
	return facts;
}
