// data/reviews/<review-id>/raw/runs.yaml: which device and conditions each raw file belongs to.
// Files not listed fall back to the review's only subject device (see README "Data layout").
import { z } from 'zod';
import { SOURCE_FORMATS } from '../formats/index.ts';
import { kebabId } from './review.ts';

const relPath = z
	.string()
	.min(1)
	.max(500)
	.refine((p) => !p.startsWith('/') && !p.split('/').includes('..') && !p.includes('\\'), 'must be a relative path inside raw/ without ".."');

export const sidecarFile = z.strictObject({
	/** Path relative to raw/; a trailing "/" or a glob "*" matches several files. */
	path: relPath,
	device_id: kebabId.optional(),
	/** Force a parser instead of content detection. */
	format: z.enum(SOURCE_FORMATS as [string, ...string[]]).optional(),
	/** For fio logs: the result file whose run they belong to (job index from the ".N.log" name). */
	run_of: relPath.optional(),
	/** How many drives were tested together. */
	device_count: z.number().int().positive().optional(),
	/** Workload label shown on the site (e.g. "4k-random-read"). */
	workload: z.string().max(200).optional(),
	/** Requested I/O rate for rate-stepped runs. */
	rate_limit_iops: z.number().positive().optional(),
	condition: z.string().max(2_000).optional(),
	/** The test host or platform, when the review used several (runs on two hosts are two series, never one line). */
	host: z.string().min(1).max(200).optional(),
	/** fio version that wrote a log file (decides µs vs ns) when no `run_of` result file says it. */
	fio_version: z.string().max(50).optional(),
	/** log_avg_msec the logs were written with (0 = per-I/O). */
	log_avg_msec: z.number().int().nonnegative().optional(),
	/** fio job file used to produce this output, relative to raw/. */
	job_file: relPath.optional(),
});

export const runsSidecar = z.strictObject({
	/** Device for files not listed below. */
	default_device_id: kebabId.optional(),
	files: z.array(sidecarFile).default([]),
});

export type RunsSidecar = z.infer<typeof runsSidecar>;
export type SidecarFile = z.infer<typeof sidecarFile>;
