// npm test needs Debian's Chromium (browser tests) and fio (capture kit end-to-end test).
// Installs them with apt-get when missing and we are root; otherwise says what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed: [binary: string, pkg: string][] = [
	['/usr/bin/chromium', 'chromium'],
	['/usr/bin/fio', 'fio'],
];
const missing = needed.filter(([bin]) => !existsSync(bin)).map(([, pkg]) => pkg);
if (missing.length) {
	const isRoot = process.getuid?.() === 0;
	if (!isRoot) {
		console.error(`missing system packages: ${missing.join(' ')} — run: sudo apt-get install -y ${missing.join(' ')}`);
		process.exit(1);
	}
	console.error(`installing ${missing.join(' ')} with apt-get…`);
	execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
	const r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
	if (r.status !== 0) process.exit(r.status ?? 1);
}
