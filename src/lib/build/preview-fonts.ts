// Build-only: the fonts a language's social previews need besides DejaVu (its file's previewFonts: Noto Sans CJK SC for
// Chinese), cut down to the characters the previews use. resvg reads a font file again for every text it draws with
// it, and the system's CJK collection is 19 MB: a Chinese preview took 175–630 ms, nearly all of it reading that file.
// The face is taken out of the collection once (fontconfig names its file and index), and cut with harfbuzz to the
// characters seen so far; a preview with a new character cuts it again, so every preview has all of its glyphs. A
// glyph is drawn the same from any cut (tests/lib/build/embed-social.test.ts).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { languageOf, type Lang, type Language } from '../../i18n/lang.ts';

type PreviewFont = Language['previewFonts'][number];

/** One face of a TrueType/OpenType collection as a font file of its own (its tables copied, offsets rebased). */
export function faceOfCollection(collection: Buffer, index: number): Buffer {
	if (collection.toString('latin1', 0, 4) !== 'ttcf') return collection;
	const faces = collection.readUInt32BE(8);
	if (index >= faces) throw new Error(`a font collection of ${faces} faces has no face ${index}`);
	const at = collection.readUInt32BE(12 + index * 4);
	const count = collection.readUInt16BE(at + 4);
	const header = Buffer.alloc(12 + count * 16);
	collection.copy(header, 0, at, at + 12);
	const parts: Buffer[] = [header];
	let offset = header.length;
	for (let i = 0; i < count; i++) {
		const record = at + 12 + i * 16;
		const [start, length] = [collection.readUInt32BE(record + 8), collection.readUInt32BE(record + 12)];
		collection.copy(header, 12 + i * 16, record, record + 8);
		header.writeUInt32BE(offset, 12 + i * 16 + 8);
		header.writeUInt32BE(length, 12 + i * 16 + 12);
		const padding = (4 - (length % 4)) % 4;
		parts.push(collection.subarray(start, start + length), Buffer.alloc(padding));
		offset += length + padding;
	}
	return Buffer.concat(parts);
}

/**
 * The OpenType features a shaper applies to horizontal text by default (HarfBuzz's, which resvg's shaper follows): the
 * cut keeps them and the glyphs they reach, so a character is drawn as the whole face draws it. All of the face's
 * features would make the cut follow every CJK variant table (seconds, gigabytes).
 */
const SHAPING_FEATURES = ['abvm', 'blwm', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'calt', 'clig', 'curs', 'dist', 'kern', 'liga', 'rclt'];

interface Cut {
	face: Buffer;
	chars: Set<string>;
	/** The cut being made: cuts are made one after another. */
	pending: Promise<string>;
}

const cuts = new Map<string, Cut | null>();
const folder = join(tmpdir(), `site-preview-fonts-${process.pid}`);

/**
 * The file and, in a collection, the face index fontconfig picks for a family ("DejaVu Sans:bold"), and the families of
 * that face (another family's when the one asked for is not installed); throws without fontconfig.
 */
export function fontMatch(family: string): { file: string; index: number; families: string[] } {
	const [families = '', file = '', index] = execFileSync('fc-match', ['-f', '%{family}|%{file}|%{index}', family], { encoding: 'utf8' }).trim().split('|');
	return { file, index: Number(index) || 0, families: families.split(',') };
}

/**
 * The font's face as fontconfig finds it; null without fontconfig or the font, which the build says once: the previews
 * of its language are drawn without its glyphs.
 */
export function previewFontFace({ family, debianPackage }: PreviewFont, lang: Lang): Buffer | null {
	try {
		const { file, index, families } = fontMatch(family);
		if (file && families.includes(family)) return faceOfCollection(readFileSync(file), index);
	} catch {
		// No fontconfig: said below, as for a missing font.
	}
	console.warn(`social previews (${lang}): the font "${family}" is not installed, so their text in it is not drawn (Debian: apt-get install ${debianPackage})`);
	return null;
}

async function cutFor(font: PreviewFont, lang: Lang, text: string, seed: string): Promise<string | null> {
	const { family } = font;
	if (!cuts.has(family)) {
		const face = previewFontFace(font, lang);
		cuts.set(family, face && { face, chars: new Set(), pending: Promise.resolve('') });
		text += seed;
	}
	const cut = cuts.get(family)!;
	if (!cut) return null;
	const fresh = [...new Set(text)].filter((ch) => !cut.chars.has(ch));
	if (fresh.length === 0) return cut.pending;
	for (const ch of fresh) cut.chars.add(ch);
	const chars = [...cut.chars].sort().join('');
	cut.pending = cut.pending.then(async () => {
		const file = join(folder, `${createHash('sha256').update(family).update('\0').update(chars).digest('hex').slice(0, 16)}.otf`);
		if (!existsSync(folder)) {
			mkdirSync(folder, { recursive: true });
			process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
		}
		writeFileSync(file, await subsetFont(cut.face, chars, { targetFormat: 'sfnt', keepFeatures: SHAPING_FEATURES }));
		return file;
	});
	return cut.pending;
}

/**
 * Font files for the preview fonts of `lang` that hold every character of `text`; null when a family is missing (the
 * caller then lets resvg find fonts itself).
 */
export async function previewFontFiles(lang: Lang, text: string): Promise<string[] | null> {
	const language = languageOf(lang);
	// The language's own strings seed each cut, so most previews need no second one.
	const seed = JSON.stringify(language);
	const files = await Promise.all(language.previewFonts.map((font) => cutFor(font, lang, text, seed)));
	return files.every((f): f is string => f !== null) ? files : null;
}
