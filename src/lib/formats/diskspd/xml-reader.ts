// A small, strict reader for the XML subset DiskSpd writes: elements, attributes, text, comments,
// an optional `<?xml …?>` declaration. No DOCTYPE (so no entity definitions), no CDATA, no other
// processing instructions; only the five predefined entities and numeric character references.
// Every element keeps its line and its path (`/Results/TimeSpan[2]/Thread[3]/Target`) for errors.
import { fail, type FileContext } from '../parse-result.ts';

export interface XmlElement {
	name: string;
	attrs: Record<string, string>;
	children: XmlElement[];
	/** The element's own text (entities decoded), its children's not included. */
	text: string;
	line: number;
	/** `[n]` only where the parent has more than one child of that name. */
	path: string;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** DiskSpd nests 8 levels deep (/Results/Profile/TimeSpans/TimeSpan/Targets/Target/WriteBufferContent/Pattern): far
 * deeper is no DiskSpd output, and would run the recursive reader out of stack. */
export const MAX_DEPTH = 64;
const NAME = /[A-Za-z_][\w.:-]*/y;
const SPACE = /[ \t\r\n]*/y;

class Reader {
	private pos = 0;
	private readonly newlines: number[] = [];
	/** Names of the open elements, each with its position among same-named siblings. */
	private readonly stack: { name: string; index: number; nth: Map<string, number> }[] = [];

	private readonly ctx: FileContext;
	private readonly src: string;

	constructor(ctx: FileContext, src: string) {
		this.ctx = ctx;
		this.src = src;
		for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) this.newlines.push(i);
	}

	lineAt(pos: number): number {
		let lo = 0;
		let hi = this.newlines.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (this.newlines[mid]! < pos) lo = mid + 1;
			else hi = mid;
		}
		return lo + 1;
	}

	private stackPath(): string {
		return this.stack.length === 0 ? '/' : this.stack.map((s) => `/${s.name}${s.index > 1 ? `[${s.index}]` : ''}`).join('');
	}

	fail(code: string, reason: string, pos = this.pos): never {
		fail(this.ctx, code, { line: this.lineAt(pos), field: this.stackPath() }, reason);
	}

	private eof(what: string): never {
		this.fail('XML_TRUNCATED', `the document ends inside ${what}: it was cut short`, this.src.length);
	}

	private skipSpace(): void {
		SPACE.lastIndex = this.pos;
		SPACE.exec(this.src);
		this.pos = SPACE.lastIndex;
	}

	private startsWith(s: string): boolean {
		return this.src.startsWith(s, this.pos);
	}

	private name(what: string): string {
		NAME.lastIndex = this.pos;
		const m = NAME.exec(this.src);
		if (!m) {
			if (this.pos >= this.src.length) this.eof(what);
			this.fail('XML_SYNTAX', `expected ${what}, found "${this.src.slice(this.pos, this.pos + 10)}"`);
		}
		this.pos = NAME.lastIndex;
		return m[0];
	}

	private decode(raw: string, start: number): string {
		return raw.replace(/&([^;&<\s]*);?/g, (whole, ref: string, offset: number) => {
			const at = start + offset;
			if (!whole.endsWith(';')) this.fail('XML_ENTITY', `"&" not starting an entity reference`, at);
			if (ref in PREDEFINED) return PREDEFINED[ref]!;
			const m = /^#(?:x([0-9A-Fa-f]+)|(\d+))$/.exec(ref);
			if (!m) this.fail('XML_ENTITY', `unknown entity "&${ref.slice(0, 20)};" (only the five predefined ones are allowed)`, at);
			const cp = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
			if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) this.fail('XML_ENTITY', `"&${ref};" is not a character`, at);
			return String.fromCodePoint(cp);
		});
	}

	/** Comments and the declaration before the root; DOCTYPE and other markup are refused. */
	private misc(allowDeclaration: boolean): void {
		for (;;) {
			this.skipSpace();
			if (this.startsWith('<!--')) this.comment();
			else if (allowDeclaration && this.startsWith('<?xml') && /[\s?]/.test(this.src[this.pos + 5] ?? '')) {
				const end = this.src.indexOf('?>', this.pos);
				if (end < 0) this.eof('the XML declaration');
				this.pos = end + 2;
			} else if (this.startsWith('<!DOCTYPE')) this.fail('XML_DOCTYPE', 'a DOCTYPE is not allowed (DiskSpd never writes one)');
			else if (this.startsWith('<?')) this.fail('XML_UNSUPPORTED', 'processing instructions are not allowed');
			else return;
			allowDeclaration = false;
		}
	}

	private comment(): void {
		const end = this.src.indexOf('-->', this.pos + 4);
		if (end < 0) this.eof('a comment');
		this.pos = end + 3;
	}

	document(): XmlElement {
		if (this.startsWith('\uFEFF')) this.pos = 1;
		this.misc(true);
		if (this.pos >= this.src.length) this.fail('XML_EMPTY', 'no root element');
		if (!this.startsWith('<')) this.fail('XML_SYNTAX', `text before the root element ("${this.src.slice(this.pos, this.pos + 20).split('\n')[0]}"): not an XML file?`);
		const root = this.element();
		this.misc(false);
		if (this.pos < this.src.length) this.fail('XML_TRAILING', 'content after the root element');
		assignPaths(root, '');
		return root;
	}

	private element(): XmlElement {
		const open = this.pos;
		this.pos++; // "<"
		const name = this.name('an element name');
		if (this.stack.length >= MAX_DEPTH) this.fail('XML_DEPTH', `elements nested deeper than ${MAX_DEPTH} levels: not DiskSpd output`, open);
		const parent = this.stack[this.stack.length - 1];
		const index = (parent?.nth.get(name) ?? 0) + 1;
		parent?.nth.set(name, index);
		this.stack.push({ name, index, nth: new Map() });
		const el: XmlElement = { name, attrs: {}, children: [], text: '', line: this.lineAt(open), path: '' };
		for (;;) {
			const before = this.pos;
			this.skipSpace();
			if (this.pos >= this.src.length) this.eof(`the tag <${name}>`);
			if (this.startsWith('/>')) {
				this.pos += 2;
				this.stack.pop();
				return el;
			}
			if (this.startsWith('>')) {
				this.pos++;
				break;
			}
			if (this.pos === before) this.fail('XML_SYNTAX', `expected whitespace, ">" or "/>" in <${name}>`);
			const attr = this.name('an attribute name');
			this.skipSpace();
			if (!this.startsWith('=')) this.fail('XML_SYNTAX', `attribute ${attr} has no "="`);
			this.pos++;
			this.skipSpace();
			const quote = this.src[this.pos];
			if (quote !== '"' && quote !== "'") this.fail('XML_SYNTAX', `attribute ${attr} is not quoted`);
			const end = this.src.indexOf(quote, this.pos + 1);
			if (end < 0) this.eof(`the attribute ${attr}`);
			const raw = this.src.slice(this.pos + 1, end);
			if (raw.includes('<')) this.fail('XML_SYNTAX', `"<" in the value of attribute ${attr}`);
			if (Object.hasOwn(el.attrs, attr)) this.fail('XML_SYNTAX', `attribute ${attr} given twice`);
			el.attrs[attr] = this.decode(raw, this.pos + 1);
			this.pos = end + 1;
		}
		const text: string[] = [];
		for (;;) {
			const lt = this.src.indexOf('<', this.pos);
			if (lt < 0) this.eof(`<${name}>`);
			if (lt > this.pos) text.push(this.decode(this.src.slice(this.pos, lt), this.pos));
			this.pos = lt;
			if (this.startsWith('</')) {
				this.pos += 2;
				const close = this.name('a closing tag name');
				if (this.pos >= this.src.length) this.eof(`</${name}>`);
				if (close !== name) this.fail('XML_MISMATCHED_TAG', `</${close}> closes <${name}> (line ${el.line})`, lt);
				this.skipSpace();
				if (!this.startsWith('>')) {
					if (this.pos >= this.src.length) this.eof(`</${name}>`);
					this.fail('XML_SYNTAX', `</${name} is not closed by ">"`);
				}
				this.pos++;
				this.stack.pop();
				el.text = text.join('');
				return el;
			}
			if (this.startsWith('<!--')) this.comment();
			else if (this.startsWith('<![CDATA[')) this.fail('XML_UNSUPPORTED', 'CDATA sections are not allowed');
			else if (this.startsWith('<!') || this.startsWith('<?')) this.fail('XML_UNSUPPORTED', 'declarations and processing instructions are not allowed inside elements');
			else el.children.push(this.element());
		}
	}
}

function assignPaths(el: XmlElement, parentPath: string, nth = 0): void {
	el.path = `${parentPath}/${el.name}${nth > 0 ? `[${nth}]` : ''}`;
	const totals = new Map<string, number>();
	for (const c of el.children) totals.set(c.name, (totals.get(c.name) ?? 0) + 1);
	const seen = new Map<string, number>();
	for (const c of el.children) {
		const k = (seen.get(c.name) ?? 0) + 1;
		seen.set(c.name, k);
		assignPaths(c, el.path, totals.get(c.name)! > 1 ? k : 0);
	}
}

/** The document's root element; malformed XML throws ParseError with the line and the open elements' path. */
export function readXml(ctx: FileContext, text: string): XmlElement {
	return new Reader(ctx, text).document();
}
