// Build-only: the fonts social previews are drawn with (DejaVu Sans and its bold for every language, then its file's
// previewFonts: Noto Sans CJK SC for Chinese), cut down to the characters the previews use. resvg reads a font file
// again for every text it draws with it: the system's CJK collection is 19 MB, and a Chinese preview took 175–630 ms,
// nearly all of it reading that file; DejaVu's 0.7 MB, read for each of a chart's texts, made 5 GB of reads in 25 s of
// a 100-review build. The face is taken out of its file once (fontconfig names its file and index), and cut with
// harfbuzz to the characters seen so far; a preview with a new character cuts it again, so every preview has all of its
// glyphs. A glyph is drawn the same from any cut (tests/lib/build/embed-social.test.ts).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { languageOf, type Lang, type Language } from '../../i18n/lang.ts';

type PreviewFont = Language['previewFonts'][number];
/** A face previews are drawn with: a family, and its style when not the regular one. */
type PreviewFace = PreviewFont & { style?: 'bold' };

/** The faces of every language's previews, before its own (the page's title is bold). */
const BASE_FACES: PreviewFace[] = [
	{ family: 'DejaVu Sans', debianPackage: 'fonts-dejavu-core' },
	{ family: 'DejaVu Sans', style: 'bold', debianPackage: 'fonts-dejavu-core' },
];

/** The faces `lang`'s previews are drawn with. */
export const previewFaces = (lang: Lang): PreviewFace[] => [...BASE_FACES, ...languageOf(lang).previewFonts];

/** fontconfig's name of the face ("DejaVu Sans:bold"). */
export const facePattern = ({ family, style }: PreviewFace) => (style ? `${family}:${style}` : family);

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
export function previewFontFace(face: PreviewFace, lang: Lang): Buffer | null {
	const { family, debianPackage } = face;
	try {
		const { file, index, families } = fontMatch(facePattern(face));
		if (file && families.includes(family)) return faceOfCollection(readFileSync(file), index);
	} catch {
		// No fontconfig: said below, as for a missing font.
	}
	console.warn(`social previews (${lang}): the font "${family}" is not installed, so their text in it is not drawn (Debian: apt-get install ${debianPackage})`);
	return null;
}

async function cutFor(font: PreviewFace, lang: Lang, text: string, seed: () => string): Promise<string | null> {
	const family = facePattern(font);
	if (!cuts.has(family)) {
		const face = previewFontFace(font, lang);
		cuts.set(family, face && { face, chars: new Set(), pending: Promise.resolve('') });
		text += seed();
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

/** Printable ASCII: the digits and letters of every chart. */
const ASCII = String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i));

/**
 * Font files for the faces of `lang`'s previews that hold every character of `text`; null when a family is missing
 * (the caller then lets resvg find fonts itself).
 */
export async function previewFontFiles(lang: Lang, text: string): Promise<string[] | null> {
	// ASCII and the language's own strings seed each face's first cut, so most previews need no second one.
	const seed = () => ASCII + JSON.stringify(languageOf(lang));
	const files = await Promise.all(previewFaces(lang).map((face) => cutFor(face, lang, text, seed)));
	return files.every((f): f is string => f !== null) ? files : null;
}
