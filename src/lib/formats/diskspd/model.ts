// What the text and the XML reader both produce for one timespan's results: the profile it ran
// and its per-thread, per-target and total figures, already in base units.

export type RowDirection = 'read' | 'write' | 'mixed';
export const ROW_DIRECTIONS: readonly RowDirection[] = ['read', 'write', 'mixed'];

/** One target of a timespan as the profile describes it (text `path:` block, XML `<Target>`). */
export interface TargetConfig {
	path: string;
	blockSizeBytes: number | null;
	/** Share of writes, 0–100 (DiskSpd -w). */
	writePct: number | null;
	/** Share of random I/Os, 0–100: 100 for -r, 0 for -s, N for -rs N. */
	randomPct: number | null;
	/** Outstanding I/Os per thread on this target (-o). */
	requestCount: number | null;
	/** Per-thread, per-target IOPS limit (-g<N>i). */
	rateLimitIops: number | null;
}

export interface TimeSpanConfig {
	/** Thread pool size when threads are shared by all targets (-F), else null (-t per target). */
	threadPool: number | null;
	/** Outstanding I/Os per pool thread across its targets (-O), else null. */
	requestsPerThread: number | null;
	targets: TargetConfig[];
}

export interface DirValues {
	bytes: number;
	ios: number;
	iops: number;
	bwBytesPerS: number;
	latMeanNs: number | null;
	latStdDevNs: number | null;
	/** Where the row of this direction is (text: its table row; XML: the element). */
	line: number | null;
}

/** One row of the per-thread tables: a thread on one of its targets. */
export interface ThreadRow {
	thread: number;
	path: string;
	values: Record<RowDirection, DirValues>;
}

export interface PercentilePoint {
	percentile: number;
	ns: Record<RowDirection, number | null>;
}

/** A latency percentile table: min and max apart (percentile 0 and 100 in XML), the rest in order. */
export interface LatencyTable {
	/** The table's header line (text) or `<Latency>` element (XML). */
	line: number | null;
	min: Record<RowDirection, number | null>;
	max: Record<RowDirection, number | null>;
	points: PercentilePoint[];
}

export interface TimeSpanResults {
	/** 1-based position of these results in the file: run keys start with `run<N>/`. */
	index: number;
	config: TimeSpanConfig | null;
	testTimeS: number;
	threadCount: number | null;
	usrCpuPct: number | null;
	sysCpuPct: number | null;
	threads: ThreadRow[];
	total: Record<RowDirection, DirValues>;
	totalLatency: LatencyTable | null;
	/** Per-target tables (text output prints them when a timespan has more than one target). */
	targetLatency: Map<string, LatencyTable>;
	/** measured: rates as the tool printed them (text); derived: computed from bytes, I/Os and time (XML). */
	origin: 'measured' | 'derived';
	toolVersion: string | null;
	startedAt: string | null;
}
