// What a chart page writes besides its charts: the whole tables as CSV files, links to raw files, and the
// pre-rendered SVG without Plot's repeated style blocks (the page carries them once).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvText } from '../../../src/lib/csv.ts';
import { emitChartRows, emitTableCsv, tableCsvPath } from '../../../src/lib/build/chart-tables.ts';
import { clearEmitted, emittedDir } from '../../../src/lib/build/emitted-files.ts';
import { DEFAULT_VIEW, chartOptions, renderChart } from '../../../src/lib/site/chart-kinds.ts';
import { planSpecs, reviewCharts } from '../../../src/lib/build/page-charts.ts';
import { plotStyleTexts } from '../../../src/lib/build/plot-styles.ts';
import { rawFileLinker } from '../../../src/lib/site/raw-files.ts';
import { renderStaticChart, staticChartTable } from '../../../src/lib/build/render.ts';
import { makeDataset, type Dataset } from '../queries/dataset.ts';

/** A minimal RFC 4180 reader for the round trip (quoted cells, doubled quotes, CRLF rows). */
function readCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	const endCell = () => {
		row.push(cell);
		cell = '';
	};
	for (let i = 0; i < text.length; i++) {
		const c = text[i]!;
		if (quoted && c === '"' && text[i + 1] === '"') {
			cell += '"';
			i++;
		} else if (quoted && c === '"') quoted = false;
		else if (quoted) cell += c;
		else if (c === '"') quoted = true;
		else if (c === ',') endCell();
		else if (c === '\r' && text[i + 1] === '\n') {
			endCell();
			rows.push(row);
			row = [];
			i++;
		} else cell += c;
	}
	return rows;
}

describe('csvText', () => {
	it('writes a header and rows, quoting what needs it, with a byte-order mark', () => {
		const text = csvText({ columns: ['Series', 'From (µs)', 'Note'], rows: [['a, "b"', 1.5, null], ['=1+1', -2, ' x']] });
		expect(text.startsWith('\uFEFF')).toBe(true);
		expect(text.slice(1)).toBe('Series,From (µs),Note\r\n"a, ""b""",1.5,\r\n\'=1+1,-2," x"\r\n');
		expect(readCsv(text.slice(1))).toEqual([
			['Series', 'From (µs)', 'Note'],
			['a, "b"', '1.5', ''],
			["'=1+1", '-2', ' x'],
		]);
	});
});

describe('rawFileLinker', () => {
	it('links only the files the site publishes, under the data folder', () => {
		const link = rawFileLinker('/data/', new Set(['reviews/r/a.json']));
		expect(link('reviews/r/a.json')).toBe('/data/raw/reviews/r/a.json');
		expect(link('reviews/r/b.json')).toBeNull();
	});
});

/** Every chart of a review: its page's and those of its workloads' own pages. */
async function everyChart(reviewId: string) {
	const { plan, labels } = await reviewCharts(reviewId, 'en');
	const specs = planSpecs(plan);
	for (const g of plan.groups.filter((x) => x.ownPage)) specs.push(...planSpecs((await reviewCharts(reviewId, 'en', { groupId: g.group.id })).plan));
	return { specs, labels };
}

describe('a review page’s tables and charts', () => {
	let ds: Dataset;
	beforeAll(async () => {
		ds = await makeDataset();
		process.env.SITE_DATA_DIR = ds.out;
		process.env.SITE_EMIT_DIR = join(ds.out, '..', 'emitted');
	});
	afterAll(() => {
		delete process.env.SITE_DATA_DIR;
		delete process.env.SITE_EMIT_DIR;
		ds?.cleanup();
	});

	it('publishes every chart’s whole table as CSV under data/charts/, the same rows as the chart’s table', async () => {
		const { specs, labels } = await everyChart('rev-fio');
		expect(tableCsvPath('en', '/reviews/rev-fio/', specs[0]!.id)).toBe(`/data/charts/reviews/rev-fio/tables/${specs[0]!.id}.csv`);
		expect(tableCsvPath('zh-Hans', '/reviews/rev-fio/', specs[0]!.id)).toBe(`/data/charts/zh-Hans/reviews/rev-fio/tables/${specs[0]!.id}.csv`);
		const hist = specs.find((s) => s.kind === 'hist')!;
		// What the chart's figure writes as the page renders: the table of the chart it drew.
		clearEmitted();
		emitTableCsv('en', '/reviews/rev-fio/', hist.id, renderStaticChart(hist, 'en', labels).table);
		const bytes = new Uint8Array(readFileSync(join(emittedDir(), `data/charts/reviews/rev-fio/tables/${hist.id}.csv`)));
		clearEmitted();
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const rows = readCsv(new TextDecoder().decode(bytes));
		const table = staticChartTable(hist, 'en', labels);
		// The histogram lists every bin.
		expect(table.rows.length).toBeGreaterThan(10);
		expect(rows).toEqual([table.columns, ...table.rows.map((r) => r.map((v) => (v === null ? '' : String(v))))]);
	});

	it('publishes the runs a page’s charts are redrawn from once for every language, under data/charts/', () => {
		clearEmitted();
		const rows = { runs: { columns: ['run_id'], values: [['r:raw/a.json#job0']] }, rawFiles: ['reviews/r/raw/a.json'] };
		expect(emitChartRows('/reviews/rev-fio/w-4k/', rows)).toBe('/data/charts/reviews/rev-fio/w-4k/rows.json');
		expect(JSON.parse(readFileSync(join(emittedDir(), 'data/charts/reviews/rev-fio/w-4k/rows.json'), 'utf8'))).toEqual(rows);
		clearEmitted();
	});

	it('writes the charts without Plot’s style blocks, which are the ones Plot repeats in every chart', async () => {
		const { specs, labels } = await everyChart('rev-fio');
		const styles = plotStyleTexts();
		expect(styles.length).toBeGreaterThan(0);
		for (const spec of specs) {
			const { document } = parseHTML('<!doctype html><html><body></body></html>');
			const plain = renderChart(spec.kind, spec.input, chartOptions(spec, DEFAULT_VIEW, { lang: 'en', deviceLabels: labels, document: document as unknown as Document }));
			const own = [...plain.element.querySelectorAll('style')].map((s) => s.textContent);
			for (const text of own) expect(styles, spec.id).toContain(text);
			const markup = renderStaticChart(spec, 'en', labels).markup;
			expect(markup, spec.id).not.toContain('<style');
			expect(markup).toContain('<svg');
		}
	});
});
