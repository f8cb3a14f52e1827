// DiskSpd bad input: a cut, a broken row, a non-number, malformed XML each throw ParseError naming
// the line (text) or the line and element path (XML), never anything else; line endings, a BOM
// and a CP1251 preamble change nothing but line numbers.
import { describe, expect, test } from 'vitest';
import { detected, fixtureText, TEXT, XML } from './helpers.ts';
import { parseDiskSpdText } from '../../../../src/lib/formats/diskspd/text.ts';
import { parseDiskSpdXml } from '../../../../src/lib/formats/diskspd/xml.ts';
import { ParseError, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';

const TXT_FILE = 'diskspd-2.0.21a_text_MiBps_quicktest2_virtualclient.txt';
const XML_FILE = 'diskspd-2.0.21a_xml_latency-percentiles-iops-buckets_quicktest2_virtualclient.xml';
const PKB_FILE = 'diskspd-2.0.21a_xml_gce-windows-4vcpu_seqread-64k_perfkitbenchmarker.xml';
const txt = fixtureText(TXT_FILE);
const xml = fixtureText(XML_FILE);
const lines = txt.split('\n');

function errorOf(fn: () => unknown): ParseError {
	try {
		fn();
	} catch (e) {
		expect(e).toBeInstanceOf(ParseError);
		return e as ParseError;
	}
	throw new Error('expected a ParseError');
}
const textError = (text: string) => errorOf(() => parseDiskSpdText(text, 'bad.txt'));
const xmlError = (text: string) => errorOf(() => parseDiskSpdXml(text, 'bad.xml'));
/** The fixture with line `n` (1-based) replaced. */
const withLine = (n: number, replace: (l: string) => string) => lines.map((l, k) => (k === n - 1 ? replace(l) : l)).join('\n');
const codes = (r: ParseResult) => r.warnings.map((w) => `${w.code}@${w.line}`);

describe('text: bad input', () => {
	test('the fixture lines the tests edit are the ones they think', () => {
		expect(lines[47]).toMatch(/^ {5}0 \| +146169856 \| +35686 \| +4\.64 \| +1189\.03 /);
		expect(lines[54]).toMatch(/^ {5}0 \| +102645760 /);
		expect(lines[45]).toMatch(/^thread \|.*IopsStdDev/);
		expect(lines[58]).toBe('Write IO');
	});

	test('a file cut before the Write IO table → TRUNCATED at its last line', () => {
		// lines 1…57, then the newline that ended line 57
		const cut = lines.slice(0, 58).join('\n');
		const e = textError(cut);
		expect(e.code).toBe('TRUNCATED');
		expect(e.line).toBe(57);
	});

	test('a file cut inside the percentile table → TRUNCATED', () => {
		const at = lines.findIndex((l) => l.startsWith('   99th'));
		expect(textError(lines.slice(0, at + 1).join('\n'))).toMatchObject({ code: 'TRUNCATED', line: at + 1 });
	});

	test('a file cut after the input parameters → TRUNCATED', () => {
		expect(textError(lines.slice(0, 27).join('\n')).code).toBe('TRUNCATED');
	});

	test('a thread row cut mid-way → ROW_CUT at its line', () => {
		expect(textError(withLine(55, (l) => l.slice(0, 40)))).toMatchObject({ code: 'ROW_CUT', line: 55 });
		// cut inside the file cell: the target's size is missing
		expect(textError(withLine(55, (l) => l.slice(0, -6)))).toMatchObject({ code: 'ROW_CUT', line: 55, field: 'file' });
	});

	test('the last percentile row cut mid-number → BAD_PERCENTILES (below the row above)', () => {
		const text = txt.replace(/ {4}max \| +7\.990 \| +35\.257 \| +35\.257$/, '    max |      7.990 |     35.257 |     35.2');
		expect(text).not.toBe(txt);
		expect(textError(text)).toMatchObject({ code: 'BAD_PERCENTILES', line: lines.length, field: 'Total (ms)' });
	});

	test('a non-number in a cell → BAD_NUMBER naming the line and column', () => {
		expect(textError(withLine(48, (l) => l.replace('1189.03', '1189.O3')))).toMatchObject({ code: 'BAD_NUMBER', line: 48, field: 'I/O per s' });
		expect(textError(withLine(48, (l) => l.replace('146169856', '146,169,856')))).toMatchObject({ code: 'BAD_NUMBER', line: 48, field: 'bytes' });
		const cpu = lines.findIndex((l) => l.startsWith('avg.|'));
		expect(textError(withLine(cpu + 1, (l) => l.replace('0.10%', 'n/a%')))).toMatchObject({ code: 'BAD_NUMBER', line: cpu + 1, field: 'User' });
	});

	test('an unknown column → UNKNOWN_COLUMN', () => {
		expect(textError(withLine(46, (l) => l.replace('IopsStdDev', 'IopsP99   ')))).toMatchObject({ code: 'UNKNOWN_COLUMN', line: 46, field: 'IopsP99' });
	});

	test('a bad parameter value → BAD_PARAMETER', () => {
		const at = lines.findIndex((l) => l.includes('block size: 4096'));
		expect(textError(withLine(at + 1, (l) => l.replace('4096', 'four')))).toMatchObject({ code: 'BAD_PARAMETER', line: at + 1, field: 'block size' });
	});

	test('text without any DiskSpd results → NO_RESULTS', () => {
		expect(textError('hello\nworld\n').code).toBe('NO_RESULTS');
	});

	test('every cut of the file parses or throws ParseError, nothing else', () => {
		for (let n = 0; n < txt.length; n += 37) {
			try {
				parseDiskSpdText(txt.slice(0, n), 'cut.txt');
			} catch (e) {
				expect(e, `cut at ${n}`).toBeInstanceOf(ParseError);
			}
		}
	});
});

describe('text: warnings and variants', () => {
	test('a printed MiB/s that disagrees with bytes / time → RATE_MISMATCH; the more precise form (the bytes over 30.01 s) is kept', () => {
		const r = parseDiskSpdText(withLine(48, (l) => l.replace('4.64', '5.64')), 'edited.txt');
		expect(codes(r)).toEqual(['RATE_MISMATCH@48']);
		expect(r.warnings[0]!.field).toBe('MiB/s');
		expect(r.runs.find((x) => x.run_key === 'run1/thread0' && x.direction === 'mixed')!.bw_bytes_per_s).toBeCloseTo(146169856 / 30.01, 6);
	});

	test('read + write ≠ total → DIRECTION_SUM_MISMATCH', () => {
		const r = parseDiskSpdText(withLine(55, (l) => l.replace('25060', '25061')), 'edited.txt');
		expect(codes(r)).toContain('DIRECTION_SUM_MISMATCH@48');
	});

	test('an interrupted timespan → INTERRUPTED, no runs', () => {
		const at = lines.findIndex((l) => l.startsWith('actual test time'));
		const text = [...lines.slice(0, at), 'The test was interrupted before the measurements began. No results are displayed.'].join('\n');
		const r = parseDiskSpdText(text, 'interrupted.txt');
		expect(r.runs).toEqual([]);
		expect(codes(r)).toEqual([`INTERRUPTED@${at + 1}`]);
	});

	test('a thread on two targets (-F): keys thread0.0 and thread0.1, unknown target warned', () => {
		const text = lines
			.flatMap((l) => (/^ {5}0 \|.*diskspd\.dat \(1024MiB\)$/.test(l) ? [l, l.replace('diskspd.dat (1024MiB)', 'other.dat (1024MiB)')] : [l]))
			.join('\n');
		const r = parseDiskSpdText(text, 'two-targets.txt');
		const keys = [...new Set(r.runs.filter((x) => x.scope === 'job').map((x) => `${x.run_key} ${x.job_name}`))];
		expect(keys).toEqual(['run1/thread0.0 diskspd.dat', 'run1/thread0.1 other.dat']);
		expect(r.warnings.map((w) => w.code)).toContain('TARGET_NOT_IN_PARAMETERS');
		expect(r.warnings.map((w) => w.code)).toContain('TOTAL_MISMATCH');
		// other.dat is not in the parameters: its workload is unknown, so the total's is too
		expect(r.runs.find((x) => x.run_key === 'run1/thread0.1')!.block_size_bytes).toBeNull();
	});

	test('2.2 parameter spellings: rounded block size, mixed random/sequential, rate limit, thread pool', () => {
		const text = txt
			.replace('block size: 4096', 'block size: 1.50KiB')
			.replace('using random I/O (alignment: 4096)', 'using mixed random/sequential I/O (40% random) (alignment/stride: 4KiB)')
			.replace('IO priority: normal', 'IO priority: normal\n                throughput rate-limited to 500 IOPS');
		const r = parseDiskSpdText(text, 'v22.txt');
		const t = r.runs.find((x) => x.run_key === 'run1/thread0' && x.direction === 'read')!;
		expect(t).toMatchObject({ block_size_bytes: null, random_pct: 40, access: 'mixed', rw: null, rate_limit_iops: 500 });
		expect(r.warnings.map((w) => w.code)).toEqual(['BLOCK_SIZE_ROUNDED']);
		const pooled = parseDiskSpdText(
			txt.replace('        random seed: 0', '        random seed: 0\n        thread pool with 1 threads\n        number of outstanding I/O operations per thread: 8'),
			'pool.txt',
		);
		expect(pooled.runs.find((x) => x.run_key === 'run1/total')!.iodepth).toBe(8);
	});
});

describe('encodings and line endings', () => {
	const stripLines = (r: ParseResult) => ({ ...r, runs: r.runs.map((x) => ({ ...x, source_line: null })), warnings: r.warnings.map((w) => ({ ...w, line: undefined })) });

	test('CRLF and a BOM give the same rows (text)', () => {
		const plain = parseDiskSpdText(txt, 'f.txt');
		const crlfBom = '\uFEFF' + txt.replace(/\n/g, '\r\n');
		expect(detected(crlfBom, 'f.txt').map((f) => f.id)).toEqual(['diskspd-text']);
		expect(parseDiskSpdText(crlfBom, 'f.txt')).toEqual(plain);
	});

	test('CRLF and a BOM give the same rows (XML)', () => {
		const plain = parseDiskSpdXml(xml, 'f.xml');
		const crlfBom = '\uFEFF' + xml.replace(/\n/g, '\r\n');
		expect(detected(crlfBom, 'f.xml').map((f) => f.id)).toEqual(['diskspd-xml']);
		expect(parseDiskSpdXml(crlfBom, 'f.xml')).toEqual(plain);
	});

	test('a CP1251 system-information preamble (as Russian Windows saves it): decoded, detected, same rows', () => {
		const preamble = 'Имя ОС\tМайкрософт Windows 8.1 Профессиональная\nИзготовитель\tLENOVO\n\n';
		// CP1251 puts А…я (U+0410…U+044F) at 0xC0…0xFF
		const cp1251 = [...preamble].map((c) => (c >= 'А' && c <= 'я' ? c.charCodeAt(0) - 0x350 : c.charCodeAt(0)));
		const bytes = new Uint8Array([...cp1251, ...new TextEncoder().encode(txt)]);
		expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
		expect(TEXT.encodings).toEqual(['windows-1251']);
		const decoded = new TextDecoder('windows-1251').decode(bytes);
		expect(decoded.startsWith('Имя ОС')).toBe(true);
		expect(detected(decoded, 'f.txt').map((f) => f.id)).toEqual(['diskspd-text']);
		const r = parseDiskSpdText(decoded, 'f.txt');
		expect(stripLines(r)).toEqual(stripLines(parseDiskSpdText(txt, 'f.txt')));
		// three preamble lines shift every line
		expect(r.runs[0]!.source_line).toBe(parseDiskSpdText(txt, 'f.txt').runs[0]!.source_line! + 3);
	});
});

describe('XML: malformed input', () => {
	const xmlLines = xml.split('\n');
	const ioCountLine = xmlLines.findIndex((l) => l.includes('<IOCount>')) + 1;

	test('a non-number → BAD_NUMBER with the element path', () => {
		const e = xmlError(xml.replace('<IOCount>52915</IOCount>', '<IOCount>5291S</IOCount>'));
		expect(e).toMatchObject({ code: 'BAD_NUMBER', line: ioCountLine, field: '/Results/TimeSpan/Thread/Target/IOCount' });
	});

	test('a mismatched closing tag → XML_MISMATCHED_TAG with line and open elements', () => {
		const e = xmlError(xml.replace('<IOCount>52915</IOCount>', '<IOCount>52915</IOcount>'));
		expect(e).toMatchObject({ code: 'XML_MISMATCHED_TAG', line: ioCountLine, field: '/Results/TimeSpan/Thread/Target/IOCount' });
	});

	test('a cut document → XML_TRUNCATED at its end', () => {
		// ends with "<Read": the open elements' path includes the half-read name
		const cut = xml.slice(0, xml.indexOf('<ReadCount>') + 5);
		expect(xmlError(cut)).toMatchObject({ code: 'XML_TRUNCATED', line: cut.split('\n').length, field: '/Results/TimeSpan/Thread/Target/Read' });
		expect(xmlError(xml.slice(0, -3)).code).toBe('XML_TRUNCATED');
	});

	test('DOCTYPE, unknown entities, CDATA, trailing content, duplicate attributes are refused', () => {
		expect(xmlError('<!DOCTYPE r [<!ENTITY x "y">]>\n' + xml).code).toBe('XML_DOCTYPE');
		expect(xmlError(xml.replace('<Path>diskspd.test</Path>', '<Path>&x;</Path>'))).toMatchObject({ code: 'XML_ENTITY', field: '/Results/Profile/TimeSpans/TimeSpan/Targets/Target/Path' });
		expect(xmlError(xml.replace('<Path>diskspd.test</Path>', '<Path>a & b</Path>')).code).toBe('XML_ENTITY');
		expect(xmlError(xml.replace('<Path>diskspd.test</Path>', '<Path><![CDATA[x]]></Path>')).code).toBe('XML_UNSUPPORTED');
		expect(xmlError(xml + '\n<Results/>').code).toBe('XML_TRAILING');
		expect(xmlError(xml.replace('SampleMillisecond="1000"', 'SampleMillisecond="1000" Read="1"')).code).toBe('XML_SYNTAX');
	});

	test('the five predefined entities and character references are decoded', () => {
		const r = parseDiskSpdXml(xml.replaceAll('<Path>diskspd.test</Path>', '<Path>D:\\a&amp;b&#x20;&lt;c&gt;</Path>'), 'f.xml');
		expect(r.runs[0]!.job_name).toBe('D:\\a&b <c>');
		expect(r.runs[0]!.block_size_bytes).toBe(4096);
	});

	test('missing required elements → MISSING_ELEMENT naming where', () => {
		const pkb = fixtureText(PKB_FILE);
		expect(xmlError(pkb.replace('<TestTimeSeconds>30.02</TestTimeSeconds>', ''))).toMatchObject({ code: 'MISSING_ELEMENT', field: '/Results/TimeSpan/TestTimeSeconds' });
		expect(xmlError(pkb.replace(/<ReadCount>22623<\/ReadCount>/, ''))).toMatchObject({ code: 'MISSING_ELEMENT', field: '/Results/TimeSpan/Thread[2]/Target/ReadCount' });
		expect(xmlError('<Results><System></System></Results>').code).toBe('NO_RESULTS');
		expect(xmlError('<Other/>').code).toBe('NOT_DISKSPD');
	});

	test('an interrupted timespan (<Error>) → INTERRUPTED, no runs', () => {
		const pkb = fixtureText(PKB_FILE);
		const text = pkb.replace(/<TimeSpan>\s*<TestTimeSeconds>[\s\S]*<\/TimeSpan>\s*<\/Results>/, '<TimeSpan>\n<Error>The test was interrupted before the measurements began. No results are displayed.</Error>\n</TimeSpan>\n</Results>');
		const r = parseDiskSpdXml(text, 'f.xml');
		expect(r.runs).toEqual([]);
		expect(r.warnings.map((w) => w.code)).toEqual(['INTERRUPTED']);
	});

	test('every cut of the document throws ParseError, nothing else', () => {
		const pkb = fixtureText(PKB_FILE);
		for (let n = 0; n < pkb.length - 1; n += 23) {
			expect(() => parseDiskSpdXml(pkb.slice(0, n), 'cut.xml'), `cut at ${n}`).toThrow(ParseError);
		}
		expect(XML.detect(pkb.slice(0, 30), 'x')).toBe(true);
	});
});
