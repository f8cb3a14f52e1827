// Results grouped by workload, in a reading order: sequential, random, mixed, application; small blocks first.
import type { RunRow } from '../schema.ts';
import { blockSizeText } from '../charts/display-units.ts';

export interface WorkloadGroup {
	/** Stable id for anchors and chart ids. */
	id: string;
	label: string;
	runs: RunRow[];
}

const ACCESS_RANK: Record<string, number> = { sequential: 0, random: 1, mixed: 2, application: 3 };

/** The label a run is grouped under: its workload, else its pattern and block size, else its job name. */
export function workloadLabel(run: Pick<RunRow, 'workload' | 'rw' | 'block_size_bytes' | 'job_name'>): string {
	if (run.workload) return run.workload;
	const parts = [run.rw, run.block_size_bytes === null ? null : blockSizeText(run.block_size_bytes)].filter(Boolean);
	if (parts.length) return parts.join(' ');
	return run.job_name ?? '';
}

/** URL-fragment-safe id: ASCII letters and digits joined by "-", with a number to keep ids unique. */
export function slugId(text: string, taken: Set<string>): string {
	const base =
		text
			.normalize('NFKD')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '') || 'group';
	let id = base;
	for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
	taken.add(id);
	return id;
}

/**
 * Workloads measured from raw files get a page of their own, with their many charts; the review's page lists them
 * and keeps its first chart quick to reach. Published figures (a bar chart or two) stay on the review's page.
 */
export function hasOwnPage(group: Pick<WorkloadGroup, 'runs'>): boolean {
	return group.runs.some((r) => r.value_origin === 'measured');
}

/** The page of a workload of a review (without the language prefix). */
export function workloadPath(reviewId: string, groupId: string): string {
	return `/reviews/${reviewId}/${groupId}/`;
}

export function groupByWorkload(runs: readonly RunRow[], prefix = 'w'): WorkloadGroup[] {
	const groups = new Map<string, RunRow[]>();
	for (const r of runs) {
		const label = workloadLabel(r);
		groups.set(label, [...(groups.get(label) ?? []), r]);
	}
	const rankOf = (rows: RunRow[]) => {
		const access = Math.min(...rows.map((r) => ACCESS_RANK[r.access ?? ''] ?? 4));
		const sizes = rows.map((r) => r.block_size_bytes).filter((b): b is number => b !== null);
		return [access, sizes.length ? Math.min(...sizes) : Number.MAX_SAFE_INTEGER] as const;
	};
	const taken = new Set<string>();
	return [...groups.entries()]
		.sort(([la, a], [lb, b]) => {
			const [aa, ab] = rankOf(a);
			const [ba, bb] = rankOf(b);
			return aa - ba || ab - bb || la.localeCompare(lb, 'en', { numeric: true });
		})
		.map(([label, rows]) => ({ id: slugId(`${prefix}-${label}`, taken), label, runs: rows }));
}
