// Chart data tables beyond the page: the page shows each table's first rows; the whole table is a CSV file
// published beside the page ("<page>/tables/<chart id>.csv", in the page's language and the default view).
import type { APIRoute, GetStaticPaths } from 'astro';
import type { Lang } from '../../i18n/strings.ts';
import { pathFor } from '../../i18n/routes.ts';
import type { ChartTable } from '../charts/table.ts';
import { reviewIds } from './review.ts';
import { deviceIds } from './drive.ts';
import { driveCharts, planSpecs, reviewCharts } from './page-charts.ts';
import { staticChartTable } from './render.ts';

/** Rows of a chart table written into the page: a preview (the rows are most of a page's elements otherwise). */
export const TABLE_ROWS = 10;

export function tableCsvPath(lang: Lang, pagePath: string, chartId: string): string {
	return pathFor(lang, `${pagePath}tables/${chartId}.csv`);
}

function csvCell(value: string | number | null): string {
	if (value === null) return '';
	// Text a spreadsheet would run as a formula (labels come from reviewers' files) is kept as text.
	const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
	return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV with a byte-order mark (spreadsheets then read the µ and the Chinese headers as UTF-8). Numbers are
 * written in full, as the chart's table holds them; NULL is an empty cell.
 */
export function csvText(table: ChartTable): string {
	const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(','));
	return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function chartsOf(page: 'reviews' | 'drives', id: string, lang: Lang) {
	if (page === 'reviews') {
		const { plan, labels } = await reviewCharts(id, lang);
		return { specs: planSpecs(plan), labels };
	}
	const { plans, cmpPlan, labels } = await driveCharts(id, lang);
	return { specs: [...plans.flatMap((p) => planSpecs(p.plan)), ...planSpecs(cmpPlan)], labels };
}

/** getStaticPaths and GET of a "tables/[chart].csv" route under a review or drive page. */
export function tableCsvRoute(page: 'reviews' | 'drives', lang: Lang): { getStaticPaths: GetStaticPaths; GET: APIRoute } {
	return {
		getStaticPaths: async () => {
			const ids = page === 'reviews' ? await reviewIds() : await deviceIds();
			const paths = [];
			for (const id of ids) for (const spec of (await chartsOf(page, id, lang)).specs) paths.push({ params: { id, chart: spec.id } });
			return paths;
		},
		GET: async ({ params }) => {
			const { specs, labels } = await chartsOf(page, params.id!, lang);
			const spec = specs.find((s) => s.id === params.chart);
			if (!spec) return new Response('no such chart', { status: 404 });
			return new Response(csvText(staticChartTable(spec, lang, labels)), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
		},
	};
}
