// Wildcards where "*" matches any run of characters and everything else is literal: runs.yaml paths (within one path
// segment) and Vdbench's sd=/wd= names. Matched without regular expressions: a regex of many "[^/]*" or ".*"
// backtracks for ever on a long name that fails (sd=*a*a*a…*b).

/** A runs.yaml path pattern: "*" within one path segment. */
export function globMatch(pattern: string, path: string): boolean {
	const patterns = pattern.split('/');
	const names = path.split('/');
	return patterns.length === names.length && patterns.every((p, i) => wildcardMatch(p, names[i]!));
}

/** One name: the pieces between stars are placed leftmost, each after the last, which finds a match whenever there is one. */
export function wildcardMatch(pattern: string, name: string): boolean {
	const pieces = pattern.split('*');
	if (pieces.length === 1) return pattern === name;
	const first = pieces[0]!;
	const last = pieces[pieces.length - 1]!;
	const end = name.length - last.length;
	if (end < first.length || !name.startsWith(first) || !name.endsWith(last)) return false;
	let at = first.length;
	for (const piece of pieces.slice(1, -1)) {
		const found = name.indexOf(piece, at);
		if (found < 0 || found + piece.length > end) return false;
		at = found + piece.length;
	}
	return true;
}
