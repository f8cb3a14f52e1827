// The check behind the Chinese pages' browser test (tests/helpers/english-check.ts) tells the site's English from data.
import { describe, expect, it } from 'vitest';
import { indexText, siteEnglish } from './english-check.ts';

const data = indexText([
	'Intel SSD D7-P5510',
	'Intel',
	'PCIe Gen4 NVMe (NVMe 1.3 per anon-2022-solidigm-d7-p5520)',
	'anon-2022-solidigm-d7-p5520',
	'drive count not stated',
	'self-media account 数据与科技挺配 (hosting platform not named in the seed)',
	'bw',
]);

describe('English the site wrote, on a Chinese page', () => {
	it('finds the site’s own words, whatever surrounds them', () => {
		expect(siteEnglish('来自 3 个输入文件的 1 results。', data)).toEqual(['results']);
		expect(siteEnglish('GoogleCloudPlatform/PerfKitBenchmarker (test data on GitHub)', data)).toEqual(['test', 'data', 'on']);
		expect(siteEnglish('虚拟磁盘 · virtual disk', data)).toEqual(['virtual', 'disk']);
		// A short piece of a note is not data by being in it.
		expect(siteEnglish('负载：not stated', data)).toEqual(['not', 'stated']);
		// Plot's names of a chart's parts are the site's too.
		expect(siteEnglish('y-axis tick label', data)).toEqual(['y-axis', 'tick', 'label']);
		// Cut text is data only when a data string holds it from a token's start.
		expect(siteEnglish('正在 Loading data…', data)).toEqual(['Loading', 'data']);
		expect(siteEnglish('Intel · ount not stat…', data)).toEqual(['ount', 'not', 'stat']);
	});

	it('lets data, terms, symbols and names through', () => {
		expect(siteEnglish('Intel SSD D7-P5510、Intel SSD D7-P5510随未完成 I/O 数的扩展性。', data)).toEqual([]);
		expect(siteEnglish('整理者注：NVMe 1.3 per anon-2022-solidigm-d7-p5520', data)).toEqual([]);
		expect(siteEnglish('self-media account 数据与科技挺配 (hosting platform not named in the seed) · 2024', data)).toEqual([]);
		expect(siteEnglish('日志中bw随时间的变化', data)).toEqual([]);
		// A chart's label cut to fit: the rest of a data string, from a token's start.
		expect(siteEnglish('Intel SSD D7-P5510 · drive cou…', data)).toEqual([]);
		expect(siteEnglish('Intel · hosting platform not na…', data)).toEqual([]);
		expect(siteEnglish('4K 随机读 QD 32：73,413 IOPS，p99 1.2 ms（fio 3.33，json+，log₂ 坐标）', data)).toEqual([]);
		expect(siteEnglish('raw/4k-random-read-qd32.json · x · y · SNIA PTS', data)).toEqual([]);
	});
});
