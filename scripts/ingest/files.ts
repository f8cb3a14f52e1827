// Walking input folders safely: never follow a symlink, never leave the root, code-point order.
import { lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export class InputError extends Error {
	readonly file: string;
	readonly code: string;
	readonly line?: number;
	readonly field?: string;

	constructor(file: string, code: string, message: string, line?: number, field?: string) {
		super(message);
		this.file = file;
		this.code = code;
		this.line = line;
		this.field = field;
	}
	format(): string {
		const place = this.line !== undefined ? `:${this.line}` : '';
		const field = this.field !== undefined ? ` [${this.field}]` : '';
		return `${this.file}${place}: ${this.code}${field} ${this.message}`;
	}
}

export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every regular file below `dir`, as paths relative to `root`. Symlinks and special files are errors. */
export function listFiles(root: string, dir: string, errors: InputError[]): string[] {
	const out: string[] = [];
	const walk = (d: string) => {
		for (const name of readdirSync(d).sort(byCodePoint)) {
			const p = join(d, name);
			const rel = relative(root, p).split(sep).join('/');
			const st = lstatSync(p);
			if (st.isSymbolicLink()) errors.push(new InputError(rel, 'SYMLINK', 'symbolic links are not followed; copy the file instead'));
			else if (st.isDirectory()) walk(p);
			else if (st.isFile()) out.push(rel);
			else errors.push(new InputError(rel, 'NOT_A_FILE', 'not a regular file'));
		}
	};
	walk(dir);
	return out;
}

/** Ids of reviews and devices: lower-case kebab-case, made from a folder name when there is no metadata. */
export function slugify(name: string): string {
	const slug = name
		.normalize('NFKD')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	return slug || 'unnamed';
}
