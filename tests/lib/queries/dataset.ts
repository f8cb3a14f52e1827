// A small but complete dataset for the query and site tests, made by the real ingest from real fixtures:
// two drives, a review of fio output (results, json+ percentiles and histograms, logs linked to their runs)
// and a review of published figures (with a correction and a comparison). Metadata strings can be replaced
// (the escaping tests put payloads there).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ingest } from '../../../scripts/ingest/run.ts';
import { ROOT } from '../../helpers/fixtures.ts';

export interface DatasetText {
	/** Original title of the fio review. */
	title: string;
	titleEn: string;
	publisher: string;
	/** Model name of drive A. */
	model: string;
	/** A methodology note of the fio review. */
	preconditioning: string;
	/** The quote of the first published figure. */
	quote: string;
	/** The correction note of the corrected published figure. */
	correction: string;
}

export const PLAIN_TEXT: DatasetText = {
	title: '固态硬盘随机读测试',
	titleEn: 'SSD random read test',
	publisher: 'Fixture Lab',
	model: 'A1',
	preconditioning: 'two full sequential writes',
	quote: 'A1 reached 95K IOPS',
	correction: 'unit corrected: the article printed KB/s for MB/s',
};

export interface Dataset {
	/** The data/ folder given to the ingest. */
	dataDir: string;
	/** Where the Parquet files and manifest were written. */
	out: string;
	cleanup(): void;
}

const FIO = join(ROOT, 'tests/fixtures/fio');

const yamlText = (s: string) => JSON.stringify(s); // JSON strings are valid YAML double-quoted scalars

function write(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

function copy(fixture: string, to: string): void {
	mkdirSync(dirname(to), { recursive: true });
	cpSync(join(FIO, fixture), to);
}

export async function makeDataset(text: DatasetText = PLAIN_TEXT): Promise<Dataset> {
	const root = mkdtempSync(join(tmpdir(), 'site-dataset-'));
	const data = join(root, 'data');
	write(
		join(data, 'devices/drive-a.yaml'),
		[
			'vendor: crucial',
			`model: ${yamlText(text.model)}`,
			'device_class: ssd',
			'capacity: 1.92TB',
			'interface: pcie-4-nvme',
			'interface_lanes: 4',
			'form_factor: u2',
			'claimed:',
			'  - item: 4K random read',
			'    value: 100000',
			'    unit: IOPS',
			'    quote: "up to 100K IOPS"',
			'',
		].join('\n'),
	);
	write(join(data, 'devices/drive-b.yaml'), ['vendor: intel', 'model: B2', 'capacity: 960GB', 'interface: sata-6g', 'form_factor: 2-5-inch', ''].join('\n'));

	const fio = join(data, 'reviews/rev-fio');
	write(
		join(fio, 'review.yaml'),
		[
			`title: ${yamlText(text.title)}`,
			`title_en: ${yamlText(text.titleEn)}`,
			`publisher: ${yamlText(text.publisher)}`,
			'date: 2024-05-01',
			'url: https://example.com/review',
			'language: zh-Hans',
			'test_platform:',
			'  cpu: Test CPU',
			'  os: Linux',
			'tools:',
			'  - tool: fio',
			'methodology:',
			`  preconditioning: ${yamlText(text.preconditioning)}`,
			'devices_tested:',
			'  - device_id: drive-a',
			'  - device_id: drive-b',
			'',
		].join('\n'),
	);
	copy('json-fio2.18-randread-qd1-nj1.json', join(fio, 'raw/a/randread-qd1.json'));
	copy('log-fio2.18-randread_clat.1.log', join(fio, 'raw/a/randread_clat.1.log'));
	copy('log-fio2.18-randread_bw.1.log', join(fio, 'raw/a/randread_bw.1.log'));
	copy('generated/gen-fio3.33-jsonplus-randrw-perio-logs.json', join(fio, 'raw/a/randrw.json'));
	copy('generated/gen-fio3.33-perio_clat.1.log', join(fio, 'raw/a/randrw_clat.1.log'));
	copy('generated/gen-fio3.33-perio_iops.1.log', join(fio, 'raw/a/randrw_iops.1.log'));
	copy('json-fio3.14-crucial-sata-randread.json', join(fio, 'raw/b/randread-qd1.json'));
	write(
		join(fio, 'raw/runs.yaml'),
		[
			'files:',
			'  - path: a/',
			'    device_id: drive-a',
			'  - path: a/randread-qd1.json',
			'    device_id: drive-a',
			'    workload: 4k-random-read',
			'  - path: a/randread_clat.1.log',
			'    device_id: drive-a',
			'    run_of: a/randread-qd1.json',
			'    log_avg_msec: 1000',
			'  - path: a/randread_bw.1.log',
			'    device_id: drive-a',
			'    run_of: a/randread-qd1.json',
			'    log_avg_msec: 1000',
			'  - path: a/randrw_clat.1.log',
			'    device_id: drive-a',
			'    run_of: a/randrw.json',
			'  - path: a/randrw_iops.1.log',
			'    device_id: drive-a',
			'    run_of: a/randrw.json',
			'  - path: b/',
			'    device_id: drive-b',
			'    workload: 4k-random-read',
			'',
		].join('\n'),
	);

	const pub = join(data, 'reviews/rev-pub');
	write(
		join(pub, 'review.yaml'),
		['title: Published figures', 'language: en', 'year: 2013', 'devices_tested:', '  - device_id: drive-a', '  - device_id: drive-b', '    role: comparison', ''].join('\n'),
	);
	const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
	write(
		join(pub, 'published.csv'),
		[
			'review_id,device_id,device_count,workload,access,read_pct,block_size,threads,queue_depth,metric,value,unit,tool,condition,quote',
			`rev-pub,drive-a,1,4k-random-read,random,100,4KiB,,,iops,95000,IOPS,Iometer 1.1.0,,${q(text.quote)}`,
			`rev-pub,drive-a,1,128k-seq-read,sequential,100,128KiB,,,bandwidth,520,MB/s,Iometer 1.1.0,${q(`${text.correction}`)},520MB/s`,
			`rev-pub,drive-b,1,4k-random-read,random,100,4KiB,,,iops,50000,IOPS,Iometer 1.1.0,,50K IOPS`,
			`rev-pub,drive-a,1,4k-random-read,random,100,4KiB,,,relative_change,90,%,Iometer 1.1.0,delta vs drive-b: A1 IOPS higher by 90%,90% higher`,
			'',
		].join('\n'),
	);

	const out = join(root, 'out');
	const report = await ingest({ dataDir: data, out });
	if (!report.ok) {
		rmSync(root, { recursive: true, force: true });
		throw new Error(`fixture ingest failed:\n${report.errors.map((e) => e.format()).join('\n')}`);
	}
	return { dataDir: data, out, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
