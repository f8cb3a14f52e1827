// The steps of a drawing that do not depend on its width (a chart's data, its summary), done once for the drawings of
// one chart's input: a page's chart is drawn at its own width and at its embed's widths, and a live chart is redrawn
// when its frame resizes. A step's result is reused only for the same input object and the same options but `width`
// and `document`; it is shared, so nothing may change it (the charts only read their data, and so does Plot).

/** Options the shared steps may not read: what differs between the drawings of one chart. */
const PER_DRAWING = new Set(['width', 'document']);

/** Results kept per input: a page's two languages and a reader's few views, not every view ever drawn. */
const KEPT = 8;

const ids = new WeakMap<object, number>();
let lastId = 0;

/** An object's identity as a number (labels, a device list, a link function): equal objects made twice are two. */
function idOf(value: object): number {
	let id = ids.get(value);
	if (id === undefined) ids.set(value, (id = ++lastId));
	return id;
}

/**
 * The options as a key: every option but those of PER_DRAWING, each value written as itself (strings quoted) or, for
 * an object or function, as its identity. An option left undefined is written as if absent (the charts read both alike).
 */
export function optionsKey(options: object): string {
	let key = '';
	for (const [name, value] of Object.entries(options)) {
		if (value === undefined || PER_DRAWING.has(name)) continue;
		const written = typeof value === 'string' ? JSON.stringify(value) : value !== null && (typeof value === 'object' || typeof value === 'function') ? `#${idOf(value)}` : String(value);
		key += `${name}=${written};`;
	}
	return key;
}

/** `step`, done once per input object and options key (optionsKey): its later calls return the first call's result. */
export function sharedByDrawings<I, O extends object, R>(step: (input: I, options: O) => R): (input: I, options: O) => R {
	const results = new WeakMap<object, Map<string, R>>();
	return (input, options) => {
		if (typeof input !== 'object' || input === null) return step(input, options);
		let byOptions = results.get(input);
		if (!byOptions) results.set(input, (byOptions = new Map()));
		const key = optionsKey(options);
		if (byOptions.has(key)) return byOptions.get(key)!;
		const result = step(input, options);
		if (byOptions.size >= KEPT) byOptions.delete(byOptions.keys().next().value!);
		byOptions.set(key, result);
		return result;
	};
}
