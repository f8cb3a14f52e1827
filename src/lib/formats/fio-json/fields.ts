// Typed access to members of a parsed fio JSON document. Every failure is a ParseError that
// names the field path and its line; numbers must be finite and not negative.
import { ParseError } from '../parse-result.ts';
import type { JsonDocument, JsonObject, JsonValue } from './reader.ts';

export function isObject(v: JsonValue | undefined): v is JsonObject {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function joinPath(path: string, key: string | number): string {
	if (typeof key === 'number') return `${path}[${key}]`;
	return path ? `${path}.${key}` : key;
}

export interface Fields {
	fail(container: object, key: string | number, path: string, code: string, reason: string): never;
	/** The line of a member (or of its container), for a warning about it. */
	lineOf(container: object, key: string | number): number;
	object(container: JsonObject, key: string, path: string, required?: boolean): JsonObject | undefined;
	number(container: JsonObject, key: string, path: string, required?: boolean): number | undefined;
	integer(container: JsonObject, key: string, path: string, required?: boolean): number | undefined;
	string(container: JsonObject, key: string, path: string, required?: boolean): string | undefined;
}

export function fieldsOf(doc: JsonDocument, file: string): Fields {
	const lineOf = (container: object, key: string | number): number => doc.lineOf(container, key) ?? doc.startOf(container) ?? doc.startLine;
	const fail = (container: object, key: string | number, path: string, code: string, reason: string): never => {
		const line = lineOf(container, key);
		throw new ParseError(code, file, { line, field: joinPath(path, key) }, reason);
	};
	const present = (container: JsonObject, key: string, path: string, required: boolean): JsonValue | undefined => {
		if (Object.hasOwn(container, key)) return container[key];
		if (required) fail(container, key, path, 'MISSING_FIELD', `"${key}" is missing`);
		return undefined;
	};
	const number = (container: JsonObject, key: string, path: string, required = false): number | undefined => {
		const v = present(container, key, path, required);
		if (v === undefined) return undefined;
		if (typeof v !== 'number' || !Number.isFinite(v)) fail(container, key, path, 'BAD_TYPE', `"${key}" should be a number`);
		if ((v as number) < 0) fail(container, key, path, 'NEGATIVE_VALUE', `"${key}" is negative (${v})`);
		return v as number;
	};
	return {
		fail,
		lineOf,
		number,
		integer(container, key, path, required = false) {
			const v = number(container, key, path, required);
			if (v !== undefined && !Number.isSafeInteger(v)) fail(container, key, path, 'BAD_TYPE', `"${key}" should be an integer`);
			return v;
		},
		object(container, key, path, required = false) {
			const v = present(container, key, path, required);
			if (v === undefined) return undefined;
			if (!isObject(v)) fail(container, key, path, 'BAD_TYPE', `"${key}" should be an object`);
			return v as JsonObject;
		},
		string(container, key, path, required = false) {
			const v = present(container, key, path, required);
			if (v === undefined) return undefined;
			if (typeof v !== 'string') fail(container, key, path, 'BAD_TYPE', `"${key}" should be a string`);
			return v as string;
		},
	};
}
