// Every catalog row in compact form, for search, filters, sort and pages in the browser (one file for both languages).
import type { APIRoute } from 'astro';
import { loadCatalog } from '../lib/build/catalog-data.ts';

export const GET: APIRoute = async () =>
	new Response(JSON.stringify((await loadCatalog()).data), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
