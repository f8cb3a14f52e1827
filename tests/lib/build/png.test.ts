// The social previews' PNG encoder: chunks a decoder checks (lengths, CRCs), an opaque image without its alpha
// channel, a translucent one with it, and the pixels given back unchanged by inflating the image data.
import { crc32, inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/lib/build/png.ts';

function chunks(png: Buffer): { type: string; data: Buffer }[] {
	expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	const out: { type: string; data: Buffer }[] = [];
	for (let at = 8; at < png.length; ) {
		const length = png.readUInt32BE(at);
		const type = png.toString('latin1', at + 4, at + 8);
		const data = png.subarray(at + 8, at + 8 + length);
		expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(data, crc32(png.subarray(at + 4, at + 8))));
		out.push({ type, data });
		at += 12 + length;
	}
	return out;
}

/** The image's pixels as RGBA, read back from its chunks (filter type 0 on every row, as the encoder writes). */
function decode(png: Buffer): { width: number; height: number; colourType: number; rgba: Uint8Array } {
	const parts = chunks(png);
	expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
	const header = parts[0]!.data;
	const [width, height, colourType] = [header.readUInt32BE(0), header.readUInt32BE(4), header[9]!];
	const channels = colourType === 2 ? 3 : 4;
	const rows = inflateSync(parts[1]!.data);
	expect(rows.length).toBe((width * channels + 1) * height);
	const rgba = new Uint8Array(width * height * 4);
	for (let y = 0; y < height; y++) {
		const row = y * (width * channels + 1);
		expect(rows[row]).toBe(0);
		for (let x = 0; x < width; x++) {
			for (let c = 0; c < channels; c++) rgba[(y * width + x) * 4 + c] = rows[row + 1 + x * channels + c]!;
			if (channels === 3) rgba[(y * width + x) * 4 + 3] = 255;
		}
	}
	return { width, height, colourType, rgba };
}

const pixels = (svg: string) => {
	const image = new Resvg(svg).render();
	return { rgba: new Uint8Array(image.pixels), width: image.width, height: image.height };
};

describe('PNG encoder', () => {
	it('writes an opaque drawing as RGB and gives its pixels back', async () => {
		const drawn = pixels('<svg xmlns="http://www.w3.org/2000/svg" width="37" height="11"><rect width="37" height="11" fill="#fafaf9"/><path d="M1 9L20 2L36 8" stroke="#2563eb" stroke-width="2" fill="none"/></svg>');
		const png = decode(await encodePng(drawn.rgba, drawn.width, drawn.height));
		expect([png.width, png.height, png.colourType]).toEqual([37, 11, 2]);
		expect(png.rgba).toEqual(drawn.rgba);
		expect(new Set(drawn.rgba).size).toBeGreaterThan(10);
	});

	it('reads pixels that do not start on a word boundary of their buffer', async () => {
		const drawn = pixels('<svg xmlns="http://www.w3.org/2000/svg" width="6" height="3"><rect width="6" height="3" fill="#0f766e"/><rect width="2" height="1" fill="#fde047"/></svg>');
		const shifted = new Uint8Array(drawn.rgba.length + 1).subarray(1);
		shifted.set(drawn.rgba);
		const png = decode(await encodePng(shifted, drawn.width, drawn.height));
		expect(png.colourType).toBe(2);
		expect(png.rgba).toEqual(drawn.rgba);
	});

	it('keeps the alpha channel of an image that is not opaque', async () => {
		const drawn = pixels('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="5"><circle cx="4" cy="2" r="2" fill="#dc2626"/></svg>');
		const png = decode(await encodePng(drawn.rgba, drawn.width, drawn.height));
		expect(png.colourType).toBe(6);
		expect(png.rgba).toEqual(drawn.rgba);
	});

	it('refuses pixels that are not width × height × 4 bytes', async () => {
		await expect(encodePng(new Uint8Array(10), 2, 2)).rejects.toThrow('encodePng: 10 bytes for 2 × 2 RGBA pixels');
	});
});
