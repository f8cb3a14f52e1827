// A dropped file's bytes to the text and format its parser gets, decided as the ingest decides for a file on disk
// (scripts/ingest/collect.ts): binary or blank files refused first, then UTF-8, else an encoding its format declares,
// and the format detected from the same first DETECT_BYTES bytes. The browser holds the file whole, so the checks the
// ingest makes while reading in pieces are made here on the whole bytes; the encoding choice itself is shared.
import type { FileFormat } from '../formats/format.ts';
import { decodeText, legacyFormatOf } from '../formats/decode.ts';
import { DETECT_BYTES, FORMATS, detectFormat } from '../formats/index.ts';

export type Decoded = { ok: true; text: string; format: FileFormat } | { ok: false; code: string; message: string };

const isBlankByte = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const hasUtf16Bom = (b: Uint8Array) => (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff);

/** The whole text when the bytes are UTF-8 (BOM dropped, as decodeText does), undefined otherwise. */
function utf8Text(bytes: Uint8Array): string | undefined {
	if (hasUtf16Bom(bytes)) return undefined;
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return undefined;
	}
}

/** The file's name without folders: detection looks at the name as the ingest does (its basename). */
export const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

export function decodeOwnFile(name: string, bytes: Uint8Array): Decoded {
	const headBytes = bytes.subarray(0, DETECT_BYTES);
	if (bytes.includes(0) && !hasUtf16Bom(bytes)) {
		return { ok: false, code: 'NOT_UTF8', message: 'file is binary or not UTF-8 text (convert UTF-16/GBK to UTF-8)' };
	}
	if (headBytes.every(isBlankByte)) {
		return { ok: false, code: 'EMPTY_FILE', message: bytes.length ? 'holds only blanks' : 'is empty (0 bytes)' };
	}
	const pick = (head: string) => detectFormat(head, baseName(name));
	const text = utf8Text(bytes);
	if (text !== undefined) {
		const format = pick(decodeText(headBytes));
		if (!format) {
			const ids = FORMATS.map((f) => f.id).join(', ');
			return { ok: false, code: 'UNKNOWN_FORMAT', message: `is not a benchmark output this page reads; it reads these formats: ${ids}` };
		}
		return { ok: true, text, format };
	}
	const legacy = legacyFormatOf(headBytes, pick);
	if (!legacy) {
		return { ok: false, code: 'NOT_UTF8', message: 'file is not UTF-8 text, nor in another encoding its format comes in (UTF-16, GBK…: convert it to UTF-8)' };
	}
	return { ok: true, text: decodeText(bytes, legacy.encoding), format: legacy.format };
}
