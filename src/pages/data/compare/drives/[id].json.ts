// Each drive's file for the comparison page (see src/lib/compare/drive-file.ts): one per drive, both languages. Made
// from the dataset alone, it is published with it under data/ (and kept by each dataset version the site hosts).
import type { APIRoute } from 'astro';
import { compareDrivePath } from '../../../../lib/compare/drive-file.ts';
import { compareDriveFile } from '../../../../lib/build/compare.ts';
import { deviceIds } from '../../../../lib/build/drive.ts';
import { filesToRender } from '../../../../lib/build/incremental.ts';
import { reviewsOfDevice } from '../../../../lib/build/manifest.ts';

export async function getStaticPaths() {
	const pages = (await deviceIds()).map((id) => ({ params: { id }, path: compareDrivePath(id), reviews: reviewsOfDevice(id) }));
	return filesToRender('compare-drives', pages);
}

export const GET: APIRoute = async ({ params }) =>
	new Response(JSON.stringify(await compareDriveFile(params.id!)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
