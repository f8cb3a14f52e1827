// Placing a file or a folder's files in the built site (src/lib/build/emitted-files.ts): by a hard link or a move, the
// target's folders made when missing, a missing source an error.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { placeFile, placeTree } from '../../../src/lib/build/emitted-files.ts';

const work = mkdtempSync(join(tmpdir(), 'emitted-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function source(path: string, text: string): string {
	const file = join(work, 'from', path);
	mkdirSync(join(file, '..'), { recursive: true });
	writeFileSync(file, text);
	return file;
}

describe('placeFile', () => {
	it('links a file into folders it makes, and beside files already there', () => {
		const a = source('a.csv', 'a');
		const b = source('b.csv', 'b');
		placeFile(a, join(work, 'site/x/y/a.csv'), 'link');
		placeFile(b, join(work, 'site/x/y/b.csv'), 'link');
		expect(readFileSync(join(work, 'site/x/y/a.csv'), 'utf8')).toBe('a');
		expect(statSync(join(work, 'site/x/y/b.csv')).ino).toBe(statSync(b).ino);
		expect(existsSync(b)).toBe(true);
	});

	it('moves a file', () => {
		const c = source('c.csv', 'c');
		placeFile(c, join(work, 'site/moved/c.csv'), 'move');
		expect(readFileSync(join(work, 'site/moved/c.csv'), 'utf8')).toBe('c');
		expect(existsSync(c)).toBe(false);
	});

	it('fails on a missing source without making the target folder', () => {
		expect(() => placeFile(join(work, 'from/none.csv'), join(work, 'site/none/none.csv'), 'link')).toThrow(/ENOENT/);
		expect(existsSync(join(work, 'site/none'))).toBe(false);
	});

	it('fails on a target already there', () => {
		const d = source('d.csv', 'd');
		placeFile(d, join(work, 'site/d.csv'), 'link');
		expect(() => placeFile(d, join(work, 'site/d.csv'), 'link')).toThrow(/EEXIST/);
	});
});

it('placeTree links every file of a folder at the same paths', () => {
	source('tree/1.csv', '1');
	source('tree/deep/er/2.csv', '2');
	placeTree(join(work, 'from/tree'), join(work, 'site/tree'), 'link');
	expect(readFileSync(join(work, 'site/tree/1.csv'), 'utf8')).toBe('1');
	expect(readFileSync(join(work, 'site/tree/deep/er/2.csv'), 'utf8')).toBe('2');
	placeTree(join(work, 'from/absent'), join(work, 'site/absent'), 'link');
	expect(existsSync(join(work, 'site/absent'))).toBe(false);
});
