// Reading DiskSpd fixtures the way the ingest does: UTF-8 when the bytes are valid UTF-8, else the
// format's declared encoding (CP1251), BOM left for the parser; detection sees the head without it.
import { readFileSync } from 'node:fs';
import { formats } from '../../../../src/lib/formats/diskspd/index.ts';
import type { FileFormat } from '../../../../src/lib/formats/format.ts';
import { listFixtures, type Fixture } from '../../../helpers/fixtures.ts';

export const TEXT = formats.find((f) => f.id === 'diskspd-text')!;
export const XML = formats.find((f) => f.id === 'diskspd-xml')!;
export const FIXTURES = listFixtures('diskspd');

export function decode(bytes: Uint8Array): string {
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return new TextDecoder(TEXT.encodings![0]!).decode(bytes);
	}
}

export const head = (text: string) => text.replace(/^\uFEFF/, '').slice(0, 64 * 1024);
export const detected = (text: string, name: string): FileFormat[] => formats.filter((x) => x.detect(head(text), name));

export function fixtureText(file: string): string {
	const f = FIXTURES.find((x) => x.name === `diskspd/${file}`);
	if (!f) throw new Error(`fixture diskspd/${file} is missing`);
	return textOf(f);
}
export const textOf = (f: Fixture) => decode(readFileSync(f.path));
