// A file's bytes as text: UTF-8, or one of the encodings its format declares (FileFormat.encodings). The ingest reads
// files in pieces from disk and a browser holds a dropped file whole, but both must pick the same encoding and format
// for the same bytes, so the choice lives here, pure (TextDecoder only), and not in either of them.
import type { FileFormat } from './format.ts';
import { LEGACY_ENCODINGS } from './index.ts';

/** Text in `encoding` (a WHATWG label; UTF-8 by default). A byte-order mark of that encoding is dropped. */
export function decodeText(bytes: Uint8Array, encoding = 'utf-8'): string {
	return new TextDecoder(encoding).decode(bytes);
}

/**
 * For a file that is not UTF-8: the first encoding of LEGACY_ENCODINGS in which `pick` (detection, or a forced format)
 * takes the file's beginning for a format that declares that encoding; undefined when none does.
 */
export function legacyFormatOf(
	headBytes: Uint8Array,
	pick: (head: string) => FileFormat | undefined,
): { format: FileFormat; encoding: string; head: string } | undefined {
	for (const encoding of LEGACY_ENCODINGS) {
		const head = decodeText(headBytes, encoding);
		const format = pick(head);
		if (format?.encodings?.includes(encoding)) return { format, encoding, head };
	}
	return undefined;
}
