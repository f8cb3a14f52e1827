// The finder's files (src/lib/find/layout.ts), under data/ where the rest of the published data goes: per workload
// family a head, per load band an index and its pages, and the whole curves for the chart, each read only when a
// question needs it. Made from the whole catalog, by the last process of a build on several cores (build-shards.ts),
// and written as files a family at a time (build/find.ts emitFinderFiles), so the route itself renders no page.
import type { APIRoute } from 'astro';
import { isLastShard } from '../../../../../lib/build/build-shards.ts';
import { FINDER_LOG, emitFinderFiles } from '../../../../../lib/build/find.ts';

export async function getStaticPaths() {
	if (isLastShard()) {
		// Not pages, so Astro does not list them: the build's log says which families were written.
		const written = await emitFinderFiles();
		console.log(`${FINDER_LOG} ${written.length}${written.length ? `: ${written.join(' ')}` : ''}`);
	}
	return [];
}

export const GET: APIRoute = () => new Response(null, { status: 404 });
