// The catalog's vocabulary: the one list of values of a device's interface, form factor and vendor and of a tool. The
// device and review YAML name these ids (a value outside them fails ingest), the dataset stores them, the formats
// name their tool by them, and the site shows their words in each language. Browser-safe: no Node imports.
import { LANGUAGES } from '../i18n/languages.ts';
import { languageOf, type Lang } from '../i18n/lang.ts';

/** A value's words in English; a language that writes them otherwise has them in its file (`terms`, "<field>.<id>"). */
export interface Term {
	en: string;
}

/**
 * Interfaces: bus generation and protocol. The PCIe lanes, when stated, are a number of their own (interface_lanes),
 * so that a filter on PCIe 4.0 NVMe finds every Gen4 drive whether its lanes are stated or not.
 */
export const INTERFACES = {
	'pcie-5-nvme': { en: 'PCIe 5.0 NVMe' },
	'pcie-4-nvme': { en: 'PCIe 4.0 NVMe' },
	'pcie-3-nvme': { en: 'PCIe 3.0 NVMe' },
	'pcie-nvme': { en: 'PCIe NVMe, generation not stated' },
	'sas-24g': { en: 'SAS 24Gb/s' },
	'sas-12g': { en: 'SAS 12Gb/s' },
	'sas-6g': { en: 'SAS 6Gb/s' },
	'sata-6g': { en: 'SATA 6Gb/s' },
	'sata-3g': { en: 'SATA 3Gb/s' },
	sata: { en: 'SATA, generation not stated' },
	'ddr4-dimm': { en: 'DDR4 DIMM (memory bus)' },
	'virtio-blk': { en: 'virtio-blk (paravirtual)' },
	virtual: { en: 'Virtual disk, interface not stated' },
} as const satisfies Record<string, Term>;

export const FORM_FACTORS = {
	'm2-2230': { en: 'M.2 2230' },
	'm2-2242': { en: 'M.2 2242' },
	'm2-2280': { en: 'M.2 2280' },
	'm2-22110': { en: 'M.2 22110' },
	u2: { en: 'U.2' },
	u3: { en: 'U.3' },
	e1s: { en: 'E1.S' },
	e1l: { en: 'E1.L' },
	e3s: { en: 'E3.S' },
	'2-5-inch': { en: '2.5-inch' },
	'3-5-inch': { en: '3.5-inch' },
	'1-8-inch': { en: '1.8-inch' },
	aic: { en: 'Add-in card' },
	dimm: { en: 'DIMM' },
} as const satisfies Record<string, Term>;

/** Vendors: the company that sells the drive under its name (a line sold on by another company keeps a note saying so). */
export const VENDORS = {
	crucial: { en: 'Crucial' },
	'google-cloud': { en: 'Google Cloud' },
	intel: { en: 'Intel' },
	kioxia: { en: 'Kioxia' },
	micron: { en: 'Micron' },
	microsoft: { en: 'Microsoft' },
	'red-hat': { en: 'Red Hat' },
	samsung: { en: 'Samsung' },
	seagate: { en: 'Seagate' },
	'sk-hynix': { en: 'SK hynix' },
	solidigm: { en: 'Solidigm' },
	vmware: { en: 'VMware' },
	'western-digital': { en: 'Western Digital' },
	ymtc: { en: 'YMTC' },
} as const satisfies Record<string, Term>;

/** A tool: its name, and other spellings a published figure may print it with (matched ignoring case). */
export interface ToolTerm extends Term {
	aliases?: readonly string[];
}

/** Benchmark tools (and the instruments a review measured with). */
export const TOOLS = {
	fio: { en: 'fio' },
	vdbench: { en: 'Vdbench' },
	iometer: { en: 'Iometer' },
	diskspd: { en: 'DiskSpd' },
	crystaldiskmark: { en: 'CrystalDiskMark' },
	elbencho: { en: 'elbencho' },
	sysbench: { en: 'Sysbench', aliases: ['Percona Sysbench'] },
	'aerospike-act': { en: 'Aerospike ACT', aliases: ['Aerospike Certification Tool'] },
	// The seed transcription prints the workload and the database with it (published.csv is kept byte for byte).
	'benchmark-factory': { en: 'Benchmark Factory', aliases: ['Benchmark Factory (TPC-C draft) on SQL Server 2014'] },
	'solidigm-storage-tool': { en: 'Solidigm Storage Tool', aliases: ['SST', 'Solidigm Storage Tool (SST)'] },
	multimeter: { en: 'Multimeter' },
} as const satisfies Record<string, ToolTerm>;

export type InterfaceId = keyof typeof INTERFACES;
export type FormFactorId = keyof typeof FORM_FACTORS;
export type VendorId = keyof typeof VENDORS;
export type ToolId = keyof typeof TOOLS;

const ids = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
export const INTERFACE_IDS = ids(INTERFACES);
export const FORM_FACTOR_IDS = ids(FORM_FACTORS);
export const VENDOR_IDS = ids(VENDORS);
export const TOOL_IDS = ids(TOOLS);

/** The fields whose values are this vocabulary's, and their lists. */
export const VOCABULARY = { interface: INTERFACES, form_factor: FORM_FACTORS, vendor: VENDORS, tool: TOOLS } as const;
export type VocabularyField = keyof typeof VOCABULARY;

/** The message of a value outside a list, for the YAML checks: names the value and the list's ids. */
export function notInList(what: string, ids: readonly string[]): (issue: { input?: unknown }) => string {
	const list = `the list (src/lib/vocabulary.ts): ${ids.join(', ')}`;
	return (issue) => (issue.input === undefined ? `required: ${what} of ${list}` : `${JSON.stringify(issue.input)} is not ${what} of ${list}`);
}

/** A value in words, in a language; an id not in the list is shown as it is (never thrown away). */
export function termText(field: VocabularyField, id: string, lang: Lang): string {
	const term = (VOCABULARY[field] as Record<string, Term>)[id];
	if (!term) return id;
	return languageOf(lang).terms[`${field}.${id}`] ?? term.en;
}

/** Every word a value is known by (in every language, a tool's aliases), lower case: what search matches. */
export function termWords(field: VocabularyField, id: string): string[] {
	const term = (VOCABULARY[field] as Record<string, ToolTerm>)[id];
	if (!term) return [id.toLowerCase()];
	return [...new Set([id, term.en, ...LANGUAGES.map((l) => (l.terms as Record<string, string>)[`${field}.${id}`] ?? ''), ...(term.aliases ?? [])].filter(Boolean).map((w) => w.toLowerCase()))];
}

/** An interface with its lanes when stated: "PCIe 4.0 x4 NVMe". */
export function interfaceText(id: string, lanes: number | null, lang: Lang): string {
	const text = termText('interface', id, lang);
	return lanes !== null && id.startsWith('pcie-') ? text.replace(/^PCIe( \d\.0)?/, (m) => `${m} x${lanes}`) : text;
}

/** A vendor's name in English: how drive labels ("Intel SSD D7-P5510") name it in either language. */
export const vendorName = (id: string | null): string | null => (id === null ? null : termText('vendor', id, 'en'));

/** A tool's name: "Vdbench" for vdbench (tool names are the same in both languages). */
export const toolName = (id: string): string => termText('tool', id, 'en');

/**
 * The tool a printed name stands for, and the version after it: "FIO v3.35" → fio, 3.35; "VDbench" → vdbench;
 * "Percona Sysbench" → sysbench. Undefined when the text names no tool of the list (or has more than a version after it).
 */
export function toolOf(text: string): { tool: ToolId; version: string | null } | undefined {
	const printed = text.trim().toLowerCase();
	let best: { tool: ToolId; rest: string; length: number } | undefined;
	for (const id of TOOL_IDS) {
		for (const word of termWords('tool', id)) {
			if (!printed.startsWith(word) || (best && best.length >= word.length)) continue;
			best = { tool: id, rest: text.trim().slice(word.length).trim(), length: word.length };
		}
	}
	if (!best) return undefined;
	if (best.rest === '') return { tool: best.tool, version: null };
	const version = /^v?(\d\S*)$/i.exec(best.rest);
	return version ? { tool: best.tool, version: version[1]! } : undefined;
}
