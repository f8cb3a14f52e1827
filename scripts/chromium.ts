// Debian's Chromium driven by playwright-core (npx playwright install cannot download browsers here), headless, for
// the browser tests and the bench alike.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium's headless mode opens a window for each browser context, and each window preloads two pages of the
 * address bar's WebUI popup in renderers of their own: about half of what a new context costs (992 → 457 ms a context
 * measured side by side), and the tests open hundreds. Chromium keeps only the last `--disable-features` it is given,
 * so this one repeats Playwright's own list (playwright-core 1.65.1) before adding those two;
 * tests/scripts/chromium.test.ts fails if Playwright's list grows.
 */
export const DISABLED_FEATURES = [
	'AvoidUnnecessaryBeforeUnloadCheckSync',
	'DestroyProfileOnBrowserClose',
	'HttpsUpgrades',
	'HttpsFirstBalancedModeAutoEnable',
	'LensOverlay',
	'MediaRouter',
	'PaintHolding',
	'ThirdPartyStoragePartitioning',
	'AvoidCorsURLLoaderRestartOnRedirect',
	'TcpPortRandomizationWin',
	'OptimizationHints',
	'NetworkTimeServiceQuerying',
	'AimEnabled',
	'PreconnectToSearch',
	'msForceBrowserSignIn',
	'msEdgeUpdateLaunchServicesPreferredVersion',
	'WebUIOmniboxPopup',
	'WebUIOmniboxAimPopup',
];

export function launch(): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM,
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--no-first-run',
			'--disable-sync',
			`--disable-features=${DISABLED_FEATURES.join(',')}`,
		],
		// playwright's launch() gives Chromium a fresh temporary --user-data-dir of its own every time.
	});
}
