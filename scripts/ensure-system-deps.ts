// The system packages a command needs, installed with apt-get when missing and we are root; otherwise says what to
// install. `build`: the fonts of the languages' social previews (Noto Sans CJK SC for the Chinese ones); without them
// the build still runs, and says which previews lack their glyphs. `test` (the default): those, Debian's Chromium
// (browser tests) and fio (capture kit end-to-end test), all required.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { LANGUAGES } from '../src/i18n/languages.ts';

interface Need {
	pkg: string;
	what: string;
	present: () => boolean;
}

/** Whether fontconfig knows the family (fc-list exits 1 when nothing matches; no fontconfig, no font). */
const fontInstalled = (family: string) => spawnSync('fc-list', ['-q', family]).status === 0;

const fonts: Need[] = LANGUAGES.flatMap((language) =>
	language.previewFonts.map(({ family, debianPackage }) => ({ pkg: debianPackage, what: `font ${family} (${language.code} social previews)`, present: () => fontInstalled(family) })),
);
const binary = (path: string, pkg: string): Need => ({ pkg, what: path, present: () => existsSync(path) });

const NEEDS: Record<string, { needs: Need[]; required: boolean }> = {
	build: { needs: fonts, required: false },
	test: { needs: [...fonts, binary('/usr/bin/chromium', 'chromium'), binary('/usr/bin/fio', 'fio')], required: true },
};

const command = process.argv[2] ?? 'test';
const plan = NEEDS[command];
if (!plan) {
	console.error(`ensure-system-deps: no command "${command}" (${Object.keys(NEEDS).join(', ')})`);
	process.exit(2);
}
const missing = plan.needs.filter((n) => !n.present());
const packages = [...new Set(missing.map((n) => n.pkg))];
if (packages.length) {
	const what = missing.map((n) => n.what).join(', ');
	if (process.getuid?.() !== 0) {
		console.error(`missing system packages: ${packages.join(' ')} (${what}) — run: sudo apt-get install -y ${packages.join(' ')}`);
		if (plan.required) process.exit(1);
	} else {
		console.error(`installing ${packages.join(' ')} (${what}) with apt-get…`);
		execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
		const r = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
		if (r.status !== 0 && plan.required) process.exit(r.status ?? 1);
	}
}
