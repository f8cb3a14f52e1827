// The finder at a catalog's size, in Debian's Chromium against the built site on localhost: the bytes past the app
// shell (the head, band index and pages a question reads), and the time to answer — cold (navigation to the answer drawn) and
// warm (another load of the same workload asked on the loaded page, median of 5). The aim: bytes grow with the
// family's candidates, not with the catalog; a warm answer under 1 s at 1,000 reviews.
import type { Browser } from 'playwright-core';
import type { RequestRecord } from '../serve.ts';
import { inChromium, median } from './site.ts';

export interface FindFigures {
	data: number;
	all: number;
	requests: number;
	coldMs: number;
	warmMs: number;
}

const QUESTION = 'access=random&read=100&bs=4096&qd=32';
const isShell = (path: string) => path.endsWith('/') || path.endsWith('.html') || path.startsWith('/_astro/') || path === '/favicon.svg';

async function measure(browser: Browser, base: string, requests: RequestRecord[]): Promise<FindFigures> {
	requests.length = 0;
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	try {
		const page = await context.newPage();
		const started = Date.now();
		await page.goto(`${base}/find/?${QUESTION}`);
		await page.waitForSelector('[data-find-page][data-state="ready"] [data-testid="find-answer"]', { timeout: 120_000 });
		const coldMs = Date.now() - started;
		const path = (r: RequestRecord) => new URL(r.url, base).pathname;
		const sum = (rs: RequestRecord[]) => rs.reduce((n, r) => n + r.bytes, 0);
		const figures = { data: sum(requests.filter((r) => !isShell(path(r)))), all: sum(requests), requests: requests.length };
		const warm: number[] = [];
		for (const qd of [1, 4, 16, 64, 32]) {
			warm.push(
				await page.evaluate(
					(value) =>
						new Promise<number>((done) => {
							const root = document.querySelector<HTMLElement>('[data-find-page]')!;
							const form = root.querySelector<HTMLFormElement>('[data-find-form]')!;
							(form.elements.namedItem('qd') as HTMLInputElement).value = String(value);
							const t0 = performance.now();
							form.requestSubmit();
							const check = () => (root.dataset.state === 'ready' ? requestAnimationFrame(() => done(performance.now() - t0)) : requestAnimationFrame(check));
							requestAnimationFrame(check);
						}),
					qd,
				),
			);
		}
		return { ...figures, coldMs, warmMs: median(warm) };
	} finally {
		await context.close();
	}
}

/** The finder of the site in `site`, asked "4 KiB random read at QD 32". */
export function benchFinder(site: string): Promise<FindFigures | string> {
	return inChromium(site, (browser, server) => measure(browser, server.url.replace(/\/$/, ''), server.requests));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

/** "data KB/all KB (requests) cold ms, warm ms". */
export const findCell = (f: FindFigures | string): string => (typeof f === 'string' ? f : `${kb(f.data)}/${kb(f.all)} (${f.requests}) ${f.coldMs} ms, ${f.warmMs.toFixed(0)} ms`);
