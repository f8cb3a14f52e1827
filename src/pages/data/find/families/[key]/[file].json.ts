// The finder's files (src/lib/find/layout.ts), under data/ where the rest of the published data goes: per workload
// family a head, per load band an index and its pages, and the whole curves for the chart, each read only when a
// question needs it.
import type { APIRoute } from 'astro';
import { isLastShard } from '../../../../../lib/build/build-shards.ts';
import { finderFiles } from '../../../../../lib/build/find.ts';
import { FINDER_FOLDER } from '../../../../../lib/find/layout.ts';

const PATH = new RegExp(`^${FINDER_FOLDER}/([^/]+)/([^/]+)\\.json$`);

export async function getStaticPaths() {
	// Made from the whole catalog: by the last process of a build on several cores only (build-shards.ts).
	if (!isLastShard()) return [];
	return [...(await finderFiles()).keys()].map((path) => {
		const [, key, file] = PATH.exec(path)!;
		return { params: { key, file } };
	});
}

export const GET: APIRoute = async ({ params }) =>
	new Response(JSON.stringify((await finderFiles()).get(`${FINDER_FOLDER}/${params.key}/${params.file}.json`)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
