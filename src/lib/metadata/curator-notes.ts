// Curator notes inside a device's spec values. The device YAML keeps where a fact came from and what was mended in
// parenthesised remarks — "144-layer TLC 3D NAND (… text garbled as '9層'; anon-2022-… confirms 144-layer)",
// "PCIe Gen4 NVMe (NVMe 1.3 per anon-2022-…)". A page shows the value without them and the remark as a note. A
// remark is a curator's when it names a review (its id: publisher-year-…) or speaks of the transcription (garbled,
// seed, reconstructed, machine translation); other parentheses ("(the series is also offered as E1.S)") are the spec.

export interface NotedValue {
	/** The value without the curator's remarks. */
	value: string;
	/** The remarks taken out, without their parentheses, in order. */
	notes: string[];
}

const REVIEW_ID = /\b[a-z][a-z0-9]*-(?:19|20)\d\d-[a-z0-9]+(?:-[a-z0-9]+)*/;
const TRANSCRIPTION = /garbled|\bseed\b|reconstructed|machine[- ]translat|\bMT\b/i;

export const isCuratorRemark = (text: string): boolean => REVIEW_ID.test(text) || TRANSCRIPTION.test(text);

const OPEN = new Set(['(', '（']);
const CLOSE = new Set([')', '）']);

/** Top-level parenthesised groups of a text: [start, end) including the parentheses; unbalanced ones are left alone. */
function groups(text: string): [number, number][] {
	const out: [number, number][] = [];
	let depth = 0;
	let start = -1;
	for (let i = 0; i < text.length; i++) {
		if (OPEN.has(text[i]!)) {
			if (depth++ === 0) start = i;
		} else if (CLOSE.has(text[i]!) && depth > 0 && --depth === 0) out.push([start, i + 1]);
	}
	return out;
}

/** A spec value split into what it says and the curator's remarks in it. */
export function splitCuratorNotes(text: string): NotedValue {
	const notes: string[] = [];
	let value = '';
	let from = 0;
	for (const [start, end] of groups(text)) {
		const inner = text.slice(start + 1, end - 1).trim();
		if (!isCuratorRemark(inner)) continue;
		value += text.slice(from, start).replace(/\s+$/, '');
		notes.push(inner);
		from = end;
	}
	value = (value + text.slice(from)).replace(/\s{2,}/g, ' ').replace(/\s+([,;.])/g, '$1').trim();
	return { value, notes };
}
