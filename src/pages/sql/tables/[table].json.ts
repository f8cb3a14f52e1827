// The SQL console's list of each table's published files (see src/lib/build/sql.ts), fetched when a query names the table.
import type { APIRoute } from 'astro';
import { TABLES } from '../../../lib/schema.ts';
import { sqlTableFiles } from '../../../lib/build/sql.ts';

export function getStaticPaths() {
	return TABLES.map((t) => ({ params: { table: t.name } }));
}

export const GET: APIRoute = ({ params }) =>
	new Response(JSON.stringify(sqlTableFiles(params.table!)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
