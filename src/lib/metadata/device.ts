// data/devices/<device-id>.yaml
import { z } from 'zod';
import { parseCapacityBytes } from '../units.ts';
import { DEVICE_CLASSES } from '../schema.ts';
import { FORM_FACTOR_IDS, INTERFACE_IDS, VENDOR_IDS, notInList } from '../vocabulary.ts';

const text = z.string().max(20_000);
const nullableText = text.nullable().default(null);
/** What the printed value said besides the vocabulary's word ("product line now Solidigm", "NVMe 1.4"). */
const note = z.string().max(2_000).optional();

/** A value of one of the vocabulary's lists (src/lib/vocabulary.ts); the error lists them. */
const oneOf = (values: readonly [string, ...string[]], what: string) => z.enum(values as [string, ...string[]], { error: notInList(what, values) });

export const claimedFigure = z.looseObject({
	item: z.string().max(500),
	value: z.union([z.number(), z.string().max(500)]).nullable(),
	unit: z.string().max(50).nullable().optional(),
	written: z.string().max(100).optional(),
	quote: text.optional(),
	note: text.optional(),
});

export const deviceYaml = z.looseObject({
	/** A vendor id; null when the source names no vendor (an unnamed disk of a test host) or one not in the list. */
	vendor: oneOf(VENDOR_IDS, 'a vendor').nullable(),
	vendor_note: note,
	model: z.string().min(1).max(200),
	/** ssd, hdd, persistent_memory, virtual_disk, array or unknown (the default). */
	device_class: z.enum(DEVICE_CLASSES).default('unknown'),
	/** User capacity as printed ("480GB", "7.68TB"); decimal units, converted to bytes at ingest. */
	capacity: z
		.union([
			z.string().max(100).refine((c) => (parseCapacityBytes(c) ?? 0) > 0, 'must be a size such as 480GB, 7.68TB or 256GiB'),
			z.number().positive(),
		])
		.nullable()
		.default(null),
	interface: oneOf(INTERFACE_IDS, 'an interface').nullable().default(null),
	/** PCIe lanes, when stated (PCIe interfaces only). */
	interface_lanes: z.number().int().positive().max(32).nullable().default(null),
	interface_note: note,
	form_factor: oneOf(FORM_FACTOR_IDS, 'a form factor').nullable().default(null),
	form_factor_note: note,
	nand: nullableText,
	controller: nullableText,
	dram: nullableText,
	endurance: nullableText,
	endurance_dwpd: z.number().nonnegative().nullable().default(null),
	endurance_pbw: z.number().nonnegative().nullable().default(null),
	warranty_years: z.number().nonnegative().nullable().default(null),
	firmware: nullableText,
	claimed: z.array(claimedFigure).default([]),
	other: z.array(text).default([]),
}).refine((d) => d.interface_lanes === null || (d.interface ?? '').startsWith('pcie-'), {
	message: 'lanes are stated for a PCIe interface only',
	path: ['interface_lanes'],
});

export type DeviceYaml = z.infer<typeof deviceYaml>;
