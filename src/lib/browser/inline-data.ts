// Reads the escaped JSON blocks the pages embed (see src/lib/site/inline-json.ts).
export function readJson<T>(selector: string, root: ParentNode = document): T | undefined {
	const el = root.querySelector<HTMLScriptElement>(selector);
	if (!el?.textContent) return undefined;
	return JSON.parse(el.textContent) as T;
}
