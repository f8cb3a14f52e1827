// Smaller SVG paths for the long curves (exceedance steps, histogram outlines): coordinates rounded to 0.1 px,
// horizontal and vertical segments written as H and V, and runs of them that continue one straight line merged.
// Only paths made of absolute M, L and Z commands are rewritten; any other path is left as Plot drew it.

const ONLY_MOVES_AND_LINES = /^[MLZ0-9.,eE+\-\s]*$/;
const round = (v: number) => Math.round(v * 10) / 10 || 0;

/** A command and the point it ends at (both coordinates, whichever the command writes). */
interface Segment {
	cmd: 'H' | 'V' | 'L' | 'M' | 'Z';
	x: number;
	y: number;
}

const isCommand = (c: number) => c === 77 || c === 76 || c === 90; // M, L, Z
/** A character a number of a path is written with (digits, sign, point, exponent); any other separates numbers. */
const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69;

/**
 * The segments of a path of M, L and Z commands (as ONLY_MOVES_AND_LINES), or null when a command has no numbers, an
 * odd count or one that is not a number. A scan of the string: paths are long and parsed for every drawing.
 */
function parse(d: string): Segment[] | null {
	const segments: Segment[] = [];
	const n = d.length;
	let i = 0;
	while (i < n && !isCommand(d.charCodeAt(i))) i++;
	while (i < n) {
		const cmd = d[i]!;
		let end = i + 1;
		while (end < n && !isCommand(d.charCodeAt(end))) end++;
		if (cmd === 'Z') segments.push({ cmd: 'Z', x: NaN, y: NaN });
		else {
			let count = 0;
			let x = 0;
			let j = i + 1;
			while (j < end) {
				if (!isNumberChar(d.charCodeAt(j))) {
					j++;
					continue;
				}
				const start = j;
				while (j < end && isNumberChar(d.charCodeAt(j))) j++;
				const value = Number(d.slice(start, j));
				if (!Number.isFinite(value)) return null;
				// Pairs after a move's first are lines, as in SVG.
				if (count % 2 === 1) segments.push({ cmd: cmd === 'M' && count === 1 ? 'M' : 'L', x: round(x), y: round(value) });
				else x = value;
				count++;
			}
			if (count === 0 || count % 2 !== 0) return null;
		}
		i = end;
	}
	return segments;
}

/** The same path, shorter: see the module comment. Paths with other commands come back unchanged. */
export function compactPathData(d: string): string {
	if (!ONLY_MOVES_AND_LINES.test(d)) return d;
	const segments = parse(d);
	if (!segments) return d;
	const out: Segment[] = [];
	let x = NaN;
	let y = NaN;
	let startX = NaN;
	let startY = NaN;
	for (const s of segments) {
		if (s.cmd === 'Z') {
			out.push(s);
			x = startX;
			y = startY;
			continue;
		}
		if (s.cmd === 'M') {
			out.push(s);
			x = startX = s.x;
			y = startY = s.y;
			continue;
		}
		if (s.x === x && s.y === y) continue;
		const cmd = s.x === x ? 'V' : s.y === y ? 'H' : 'L';
		const prev = out.at(-1);
		// H after H (or V after V) in the same direction extends one straight segment: keep only its end.
		if (prev && prev.cmd === cmd && cmd !== 'L' && out.length >= 2) {
			const before = out.at(-2)!;
			const from = cmd === 'H' ? before.x : before.y;
			const mid = cmd === 'H' ? prev.x : prev.y;
			const to = cmd === 'H' ? s.x : s.y;
			if ((mid - from) * (to - mid) > 0) {
				out[out.length - 1] = { cmd, x: s.x, y: s.y };
				x = s.x;
				y = s.y;
				continue;
			}
		}
		out.push({ cmd, x: s.x, y: s.y });
		x = s.x;
		y = s.y;
	}
	return out.map(format).join('');
}

function format(s: Segment): string {
	switch (s.cmd) {
		case 'Z':
			return 'Z';
		case 'H':
			return `H${s.x}`;
		case 'V':
			return `V${s.y}`;
		default:
			return `${s.cmd}${s.x},${s.y}`;
	}
}

/** Rewrites the `d` of every path under `root` that `selector` matches (Plot's marks: `[aria-label="line"] path`). */
export function compactPaths(root: Element, selector: string): void {
	for (const path of root.querySelectorAll(selector)) {
		const d = path.getAttribute('d');
		if (d) path.setAttribute('d', compactPathData(d));
	}
}

const SVG = 'http://www.w3.org/2000/svg';
const GEOMETRY = new Set(['x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'width', 'height', 'dx', 'dy', 'transform']);
const NUMBER = '(-?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?)';
const TRANSLATE = new RegExp(`^translate\\(${NUMBER}(?:[ ,]+${NUMBER})?\\)$`);

/** An element with no children and no attributes but `names`. */
const hasOnly = (el: Element, names: readonly string[]) => el.firstChild === null && el.getAttributeNames().every((name) => names.includes(name));

/** Every element under `root` in document order, `root` first (one walk instead of a selector per question). */
function elementsOf(root: Element): Element[] {
	const out: Element[] = [];
	const visit = (el: Element) => {
		out.push(el);
		for (let child = el.firstElementChild; child; child = child.nextElementSibling) visit(child);
	};
	visit(root);
	return out;
}

/** Plain lines (a grid) as one path: `M x1,y1 L x2,y2` per line. */
function linesAsPath(lines: readonly Element[]): string | null {
	let d = '';
	for (const line of lines) {
		if (!hasOnly(line, ['x1', 'x2', 'y1', 'y2'])) return null;
		const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(line.getAttribute(a) ?? 0));
		d += `M${x1},${y1}L${x2},${y2}`;
	}
	return d;
}

/** Paths that differ only by a translation (axis ticks) as one path in the group's coordinates. */
function translatedAsPath(paths: readonly Element[]): string | null {
	let d = '';
	for (const path of paths) {
		if (!hasOnly(path, ['d', 'transform'])) return null;
		const own = path.getAttribute('d') ?? '';
		if (!ONLY_MOVES_AND_LINES.test(own)) return null;
		const m = TRANSLATE.exec(path.getAttribute('transform') ?? 'translate(0,0)');
		if (!m) return null;
		const [tx, ty] = [Number(m[1]), Number(m[2] ?? 0)];
		const segments = parse(own);
		if (!segments) return null;
		let x = 0;
		let y = 0;
		for (const seg of segments) {
			if (seg.cmd === 'Z') return null;
			x = seg.x;
			y = seg.y;
			d += `${seg.cmd === 'M' ? 'M' : 'L'}${x + tx},${y + ty}`;
		}
	}
	return d;
}

const isTickLabels = (el: Element) => el.getAttribute('aria-label')?.endsWith('tick label') === true;

/** The tick labels' text elements under `root`: texts inside an element whose aria-label ends in "tick label". */
function tickLabelTexts(root: Element): Element[] {
	const out: Element[] = [];
	const visit = (el: Element, inLabels: boolean) => {
		for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
			if (inLabels && child.localName === 'text') out.push(child);
			visit(child, inLabels || isTickLabels(child));
		}
	};
	let inLabels = false;
	for (let el: Element | null = root; el && !inLabels; el = el.parentElement) inLabels = isTickLabels(el);
	visit(root, inLabels);
	return out;
}

const shorten = (value: string) => value.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100 || 0));

/**
 * A drawn chart with shorter markup for the page: coordinates rounded to 0.01 px (Plot writes 15 digits),
 * paths compacted as above, each group of grid lines or axis ticks drawn as one path, and the empty labels of
 * unlabelled ticks left out. What is drawn does not change at any size the page shows.
 */
export function compactSvg(root: Element): void {
	const doc = root.ownerDocument;
	for (const g of elementsOf(root)) {
		if (g === root || g.localName !== 'g') continue;
		const children = [...g.children];
		if (children.length < 2) continue;
		const lines = children.every((c) => c.tagName.toLowerCase() === 'line') ? linesAsPath(children) : null;
		const ticks = !lines && children.every((c) => c.tagName.toLowerCase() === 'path') ? translatedAsPath(children) : null;
		const d = lines ?? ticks;
		if (d === null) continue;
		const path = doc.createElementNS(SVG, 'path');
		if (lines) path.setAttribute('fill', 'none');
		path.setAttribute('d', d);
		g.replaceChildren(path);
	}
	for (const text of tickLabelTexts(root)) {
		if (!text.textContent && text.children.length === 0) text.remove();
	}
	for (const el of elementsOf(root)) {
		if (el.namespaceURI !== SVG) continue;
		for (const name of el.getAttributeNames()) {
			if (name === 'd') {
				const d = el.getAttribute('d')!;
				el.setAttribute('d', compactPathData(d));
			} else if (GEOMETRY.has(name)) {
				const v = el.getAttribute(name)!;
				if (/\.\d{3,}/.test(v)) el.setAttribute(name, shorten(v));
			}
		}
	}
}
