// Browser tests run against the real build: ingest the bundled data, build the site as `npm run build` does, serve dist/ on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type StaticServer } from '../../scripts/serve.ts';
import { ROOT } from '../helpers/fixtures.ts';

let server: StaticServer | undefined;

export async function setup(project: TestProject): Promise<void> {
	if (!process.env.SKIP_BUILD) {
		execFileSync(process.execPath, [join(ROOT, 'scripts/ingest.ts')], { cwd: ROOT, stdio: 'inherit' });
		execFileSync(process.execPath, [join(ROOT, 'scripts/build.ts')], { cwd: ROOT, stdio: 'inherit' });
	}
	server = await startServer(join(ROOT, 'dist'));
	project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
	await server?.close();
}

declare module 'vitest' {
	export interface ProvidedContext {
		baseUrl: string;
	}
}
