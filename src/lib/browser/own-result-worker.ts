// The module worker that parses a reader's dropped file (src/lib/own-result): a large fio log takes seconds, which
// must not freeze the page. It answers the page that started it and nothing else: no fetch, no storage, the file's
// bytes go nowhere but the parser.
import { parseOwnFile, type OwnParseOptions } from '../own-result/index.ts';

export interface OwnFileMessage {
	name: string;
	buffer: ArrayBuffer;
	options?: OwnParseOptions;
}

self.onmessage = ({ data: { name, buffer, options } }: MessageEvent<OwnFileMessage>) => {
	self.postMessage(parseOwnFile(name, new Uint8Array(buffer), options));
};
