// PNG encoding off the main thread: the main thread only lays the rows out, libuv's pool deflates them. resvg's own
// asPng() compresses on the main thread (30–40 ms a social preview, as long as drawing the page's charts). Rows are
// left unfiltered: a chart's runs of flat colour deflate well as they are (files a third smaller than asPng's).
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depth 8, colour type 6 (RGBA), deflate, no filtering per image, not interlaced. */
const RGBA_8 = [8, 6, 0, 0, 0];
const NO_FILTER = 0;

function chunk(type: string, data: Buffer): Buffer {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(data.length, 0);
	head.write(type, 4, 'latin1');
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
	return Buffer.concat([head, data, crc]);
}

/** A PNG of `rgba`: width × height pixels, 4 bytes each (straight alpha, as resvg's `pixels`). */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
	const stride = width * 4;
	if (rgba.length !== stride * height) throw new Error(`encodePng: ${rgba.length} bytes for ${width} × ${height} RGBA pixels`);
	const rows = Buffer.alloc((stride + 1) * height);
	for (let y = 0; y < height; y++) {
		rows[y * (stride + 1)] = NO_FILTER;
		rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set(RGBA_8, 8);
	return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', await deflateAsync(rows, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}
