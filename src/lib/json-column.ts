// The JSON columns the ingest writes (methodology_json, devices_json, claimed_json, extra_json), read back in the
// build and in the browser alike.

/** Parses a JSON column written by the ingest; text that is not JSON is kept as it is. */
export function parseJsonColumn(text: string | null): unknown {
	if (text === null) return null;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** A JSON column that holds an object, as that object; anything else (NULL, text, a list) as an empty one. */
export function jsonObject(text: string | null): Record<string, unknown> {
	const parsed = parseJsonColumn(text);
	return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}
