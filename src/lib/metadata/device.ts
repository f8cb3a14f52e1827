// data/devices/<device-id>.yaml
import { z } from 'zod';
import { parseCapacityBytes } from '../units.ts';
import { DEVICE_CLASSES } from '../schema.ts';

const text = z.string().max(20_000);
const nullableText = text.nullable().default(null);

export const claimedFigure = z.looseObject({
	item: z.string().max(500),
	value: z.union([z.number(), z.string().max(500)]).nullable(),
	unit: z.string().max(50).nullable().optional(),
	written: z.string().max(100).optional(),
	quote: text.optional(),
	note: text.optional(),
});

export const deviceYaml = z.looseObject({
	/** null when the source names no vendor (an unnamed disk of a test host). */
	vendor: z.string().min(1).max(200).nullable(),
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
	interface: nullableText,
	form_factor: nullableText,
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
});

export type DeviceYaml = z.infer<typeof deviceYaml>;
