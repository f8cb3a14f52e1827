// Curator notes in the bundled device YAML: taken out of the spec values the pages show, kept as notes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isCuratorRemark, splitCuratorNotes } from '../../../src/lib/metadata/curator-notes.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const DEVICES = join(ROOT, 'data/devices');
// Vendor, interface and form factor are the vocabulary's ids; what the YAML said besides them is in their notes.
const SPEC_FIELDS = ['model', 'nand', 'controller', 'dram', 'endurance', 'firmware'] as const;
const devices = Object.fromEntries(
	readdirSync(DEVICES)
		.filter((f) => f.endsWith('.yaml'))
		.map((f) => [f.replace(/\.yaml$/, ''), parse(readFileSync(join(DEVICES, f), 'utf8')) as Record<string, unknown>]),
);

describe('curator notes', () => {
	it('leaves no remark about sources or the transcription in any spec value of the bundled devices', () => {
		let split = 0;
		for (const [id, device] of Object.entries(devices)) {
			for (const field of SPEC_FIELDS) {
				const text = device[field];
				if (typeof text !== 'string') continue;
				const { value, notes } = splitCuratorNotes(text);
				expect(isCuratorRemark(value), `${id}.${field}: ${value}`).toBe(false);
				expect(value, `${id}.${field}`).not.toBe('');
				// Nothing is lost: the value and its notes hold every word of the text.
				for (const word of text.split(/[\s(),;（）]+/).filter(Boolean)) expect(`${value} ${notes.join(' ')}`, `${id}.${field}`).toContain(word);
				split += notes.length;
			}
		}
		// The P5510's interface remark is now its interface_note, whole: three remarks are left inside values.
		expect(split).toBeGreaterThanOrEqual(3);
	});

	it('shows the P5510 and PM9A3 values clean, the remarks as notes', () => {
		const p5510 = devices['intel-d7-p5510-7-68tb']!;
		expect(splitCuratorNotes(p5510.nand as string)).toEqual({
			value: '144-layer TLC 3D NAND',
			notes: ["storagereview-2021-intel-p5510-vs-samsung-pm9a3 text garbled as '9層'; anon-2022-solidigm-d7-p5520 confirms 144-layer"],
		});
		// The interface is the vocabulary's pcie-4-nvme; the remark on its NVMe version is a note, and a curator's.
		expect(p5510.interface).toBe('pcie-4-nvme');
		expect(isCuratorRemark(p5510.interface_note as string)).toBe(true);
		expect(splitCuratorNotes(p5510.controller as string).value).toBe('Intel 5th-gen architecture, package marking LNBX');
		expect(splitCuratorNotes(devices['samsung-pm9a3-7-68tb']!.nand as string).value).toBe('Samsung V-NAND, layer count not disclosed');
	});

	it('keeps parentheses that are part of the spec', () => {
		for (const [id, field] of [
			['intel-dc-s3500-480gb', 'form_factor_note'],
			['intel-dc-s3500-480gb', 'controller'],
			['solidigm-d7-p5520-7-68tb', 'controller'],
			['solidigm-d7-p5520-7-68tb', 'form_factor_note'],
		] as const) {
			const text = devices[id]![field] as string;
			expect(splitCuratorNotes(text), `${id}.${field}`).toEqual({ value: text, notes: [] });
		}
		expect(splitCuratorNotes('TLC (see x（y）) (seed garbled ’9層’)')).toEqual({ value: 'TLC (see x（y）)', notes: ['seed garbled ’9層’'] });
		expect(splitCuratorNotes('unbalanced (per anon-2022-x')).toEqual({ value: 'unbalanced (per anon-2022-x', notes: [] });
	});
});
