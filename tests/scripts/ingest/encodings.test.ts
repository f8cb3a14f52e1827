// Files that are not UTF-8 are read in the encodings their format declares (FileFormat.encodings): a CrystalDiskMark
// export saved as UTF-16LE, DiskSpd output behind a Russian Windows preamble in cp1251. The same bytes in a format
// that declares no such encoding stay an error.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { LOCAL_FIXTURES } from '../../helpers/fixtures.ts';

const work = mkdtempSync(join(tmpdir(), 'encodings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
/** cp1251 for the Cyrillic letters А…я (U+0410…U+044F → 0xC0…0xFF), ASCII as is. */
const cp1251 = (text: string) => Buffer.from([...text].map((c) => (c >= 'А' && c <= 'я' ? c.charCodeAt(0) - 0x350 : c.charCodeAt(0))));

it('reads a UTF-16LE CrystalDiskMark export and a cp1251 DiskSpd text; refuses a UTF-16 fio JSON', async () => {
	const dir = join(work, 'mixed-encodings');
	mkdirSync(dir);
	const cdm = readFileSync(join(LOCAL_FIXTURES, 'other/synthetic-crystaldiskmark-7.0.0.txt'), 'utf8');
	writeFileSync(join(dir, 'cdm.txt'), utf16le(cdm));
	const diskspd = readFileSync(join(LOCAL_FIXTURES, 'diskspd/diskspd-2.0.21a_text_MiBps_quicktest2_virtualclient.txt'), 'utf8');
	writeFileSync(join(dir, 'diskspd.txt'), Buffer.concat([cp1251('Имя компьютера: ТЕСТ\r\n'), Buffer.from(diskspd, 'utf8')]));
	const report = await ingest({ paths: [dir], out: join(work, 'out') });
	expect(report.errors).toEqual([]);
	const manifest = JSON.parse(readFileSync(join(work, 'out/manifests/mixed-encodings.json'), 'utf8')) as { inputs: { path: string; format: string }[] };
	const formats = Object.fromEntries(manifest.inputs.map((i) => [i.path, i.format]));
	expect(formats).toEqual({ 'mixed-encodings/cdm.txt': 'crystaldiskmark-text', 'mixed-encodings/diskspd.txt': 'diskspd-text' });

	const fio = readFileSync(join(LOCAL_FIXTURES, 'fio/json-fio3.14-crucial-sata-randread.json'), 'utf8');
	writeFileSync(join(dir, 'fio.json'), utf16le(fio));
	const refused = await ingest({ paths: [dir], out: join(work, 'out') });
	expect(refused.errors.map((e) => `${e.file} ${e.code}`)).toEqual(['mixed-encodings/fio.json NOT_UTF8']);
});
