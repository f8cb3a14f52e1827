// The test platform: server (DMI), CPU, memory, OS, kernel. Parsers are pure; probeHost reads /proc, /sys, /etc.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { GIB, KIB } from '../../src/lib/units.ts';

export interface HostInfo {
	server: string;
	cpu: { model: string; count: number; text: string };
	memory: { bytes: number | null; text: string | null };
	os: string | null;
	kernel: string;
	uname: { sysname: string; release: string; version: string; machine: string };
}

export function parseCpuinfo(text: string): { model: string | null; count: number } {
	const models = [...text.matchAll(/^model name\s*:\s*(.+)$/gm)].map((m) => m[1]!.trim());
	const processors = [...text.matchAll(/^processor\s*:/gm)].length;
	return { model: models[0] ?? null, count: processors || models.length };
}

/** MemTotal in bytes (/proc/meminfo prints kB meaning KiB). */
export function parseMemTotal(text: string): number | null {
	const m = /^MemTotal:\s*(\d+)\s*kB/m.exec(text);
	return m ? Number(m[1]) * KIB : null;
}

export function parseOsRelease(text: string): string | null {
	const m = /^PRETTY_NAME=(.*)$/m.exec(text);
	if (!m) return null;
	return m[1]!.trim().replace(/^(["'])(.*)\1$/, '$2') || null;
}

export function formatGiB(bytes: number): string {
	return `${(bytes / GIB).toFixed(1)} GiB`;
}

const DMI_PLACEHOLDERS =
	/^(to be filled by o\.?e\.?m\.?|system product name|system manufacturer|default string|not specified|none)$/i;

export function serverName(vendor: string | null, product: string | null): string {
	const parts = [vendor, product].map((p) => p?.trim() ?? '').filter((p) => p && !DMI_PLACEHOLDERS.test(p));
	return parts.length > 0 ? parts.join(' ') : 'unknown';
}

function readText(path: string): string | null {
	try {
		return readFileSync(path, 'utf8');
	} catch {
		return null;
	}
}

export function probeHost(): HostInfo {
	const cpuinfo = parseCpuinfo(readText('/proc/cpuinfo') ?? '');
	const cpuModel = cpuinfo.model ?? os.cpus()[0]?.model ?? 'unknown';
	const cpuCount = cpuinfo.count || os.cpus().length;
	const memBytes = parseMemTotal(readText('/proc/meminfo') ?? '') ?? (os.totalmem() || null);
	return {
		server: serverName(readText('/sys/class/dmi/id/sys_vendor'), readText('/sys/class/dmi/id/product_name')),
		cpu: { model: cpuModel, count: cpuCount, text: `${cpuModel} × ${cpuCount}` },
		memory: { bytes: memBytes, text: memBytes === null ? null : formatGiB(memBytes) },
		os: parseOsRelease(readText('/etc/os-release') ?? ''),
		kernel: os.release(),
		uname: { sysname: os.type(), release: os.release(), version: os.version(), machine: os.machine() },
	};
}

export function gitUserName(cwd: string): string | null {
	const r = spawnSync('git', ['config', 'user.name'], { cwd, encoding: 'utf8' });
	const name = r.status === 0 ? r.stdout.trim() : '';
	return name || null;
}
