// fio's version string and what each fio format's layout owes to it (FIO_FORMATS.md §2.2, §5.2). Builds from git
// ("fio-2.18-59-g618e") or with other trailing text count as the release they follow, and may hold what the next
// release introduced.

/** The unit fio writes a version's latencies in (its logs, histogram logs and reports): µs before 3.0, ns since. */
export type FioLatencyUnit = 'us' | 'ns';
export type Triple = readonly [number, number, number];

export interface FioVersion {
	/** As printed, without "fio-" (e.g. "3.33", "2.18-59-g618e"). */
	text: string;
	parts: Triple;
	/** Built after the tagged release (git-describe suffix or other trailing text). */
	gitBuild: boolean;
}

export function parseFioVersion(printed: string): FioVersion | undefined {
	const m = /^(?:fio-?)?(\d+)\.(\d+)(?:\.(\d+))?(\S*)$/i.exec(printed.trim());
	if (!m) return undefined;
	return {
		text: printed.trim().replace(/^fio-/, ''),
		parts: [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)],
		gitBuild: m[4] !== '',
	};
}

/** Negative, zero or positive as `v`'s release is before, at or after tag `t`. */
export function cmpTag(v: FioVersion, t: Triple): number {
	return v.parts[0] - t[0] || v.parts[1] - t[1] || v.parts[2] - t[2];
}

/** true when `v` is at least `major.minor[.patch]`. */
export function atLeast(v: FioVersion, major: number, minor: number, patch = 0): boolean {
	return cmpTag(v, [major, minor, patch]) >= 0;
}

/** true: v surely writes what tag `since` introduced; false: surely not; undefined: a build between tags. */
export function hasFeature(v: FioVersion, since: Triple): boolean | undefined {
	if (cmpTag(v, since) >= 0) return true;
	return v.gitBuild ? undefined : false;
}

const NS_SINCE: Triple = [2, 99, 0];
const LAST_US_TAG: Triple = [2, 21, 0];

/**
 * Latency unit of a fio version's logs and JSON: µs up to 2.21, ns from 2.99 (the 3.0 pre-release, d6bb626e).
 * undefined for an unreadable version or a build after 2.21 whose side of the nanosecond rework cannot be told.
 */
export function latencyUnitForFioVersion(version: string): FioLatencyUnit | undefined {
	const v = parseFioVersion(version);
	if (!v) return undefined;
	if (cmpTag(v, NS_SINCE) >= 0) return 'ns';
	const c = cmpTag(v, LAST_US_TAG);
	if (c < 0 || (c === 0 && !v.gitBuild)) return 'us';
	return undefined;
}

/** Everything about one file's JSON layout that the version decides. */
export interface JsonEra {
	/** io_bytes in KiB (before 2.21, c12d597a); bytes after. */
	ioBytesInKiB: boolean;
	/** Latency objects slat/clat/lat in µs (≤ 2.21); slat_ns/clat_ns/lat_ns in ns from 2.99 (d6bb626e). */
	latencyInNs: boolean;
	/** json+ bins keyed by bucket index "0".."1215" (2.2.12–2.19, 513e37ee); by bucket value from 2.20 (129e4193). */
	binsKeyedByIndex: boolean;
	/** 3.1–3.12: with lat_percentiles=1, total-latency percentiles (and bins) are written under clat_ns. */
	latPercentilesUnderClat: boolean;
	/** `job options` / `global options` exist (2.3+), so options that are absent have fio's defaults. */
	optionsListed: boolean;
}

export function jsonEra(v: FioVersion): JsonEra {
	return {
		ioBytesInKiB: !atLeast(v, 2, 21),
		latencyInNs: atLeast(v, 2, 99),
		binsKeyedByIndex: !atLeast(v, 2, 20),
		latPercentilesUnderClat: atLeast(v, 3, 1) && !atLeast(v, 3, 13),
		optionsListed: atLeast(v, 2, 3),
	};
}
