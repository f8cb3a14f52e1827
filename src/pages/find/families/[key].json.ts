// The finder's family files (src/lib/find/family.ts): one per workload family, read only when a question asks for it.
import type { APIRoute } from 'astro';
import { finderFamilies } from '../../../lib/build/find.ts';

export async function getStaticPaths() {
	return [...(await finderFamilies()).files.keys()].map((key) => ({ params: { key } }));
}

export const GET: APIRoute = async ({ params }) =>
	new Response(JSON.stringify((await finderFamilies()).files.get(params.key!)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
