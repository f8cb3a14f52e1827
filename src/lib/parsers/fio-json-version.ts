// fio's "fio version" string and the JSON format changes that depend on it (FIO_FORMATS.md §2.2).
// Git builds ("fio-2.18-59-g618e") count as the release they follow.

export interface FioVersion {
	/** As printed, without "fio-" (e.g. "3.33", "2.18-59-g618e"). */
	text: string;
	parts: readonly [number, number, number];
	/** Built from git after the tagged release (git-describe suffix). */
	gitBuild: boolean;
}

export function parseFioVersion(printed: string): FioVersion | undefined {
	const m = /^(?:fio-)?(\d+)\.(\d+)(?:\.(\d+))?(-.*)?$/.exec(printed.trim());
	if (!m) return undefined;
	return {
		text: printed.trim().replace(/^fio-/, ''),
		parts: [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)],
		gitBuild: m[4] !== undefined,
	};
}

/** true when `v` is at least `major.minor[.patch]`. */
export function atLeast(v: FioVersion, major: number, minor: number, patch = 0): boolean {
	const want = [major, minor, patch];
	for (let i = 0; i < 3; i++) if (v.parts[i] !== want[i]) return v.parts[i]! > want[i]!;
	return true;
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
