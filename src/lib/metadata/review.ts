// data/reviews/<review-id>/review.yaml
import { z } from 'zod';
import { KEBAB_ID } from '../ids.ts';
import { TOOL_IDS, notInList } from '../vocabulary.ts';

const text = z.string().max(20_000);
const shortText = z.string().max(500);
const nullableText = text.nullable().default(null);

export const kebabId = z.string().max(200).regex(KEBAB_ID, 'ids are lower-case kebab-case: a-z and 0-9, words joined by single hyphens');

/** YYYY-MM-DD, and a day that exists. */
const isoDate = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
	.refine((d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d), 'is not a calendar date');

export const httpUrl = z
	.string()
	.max(2_000)
	.refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

export const reviewYaml = z.looseObject({
	title: shortText.min(1),
	title_en: shortText.nullable().default(null),
	publisher: nullableText,
	author: nullableText,
	date: z
		.union([isoDate, z.date().transform((d) => d.toISOString().slice(0, 10))])
		.nullable()
		.default(null),
	year: z.number().int().min(1990).max(2100).nullable().default(null),
	url: httpUrl.nullable().default(null),
	licence: shortText.nullable().default(null),
	language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'must be a BCP 47 tag such as en or zh-Hans'),
	machine_translated: z.boolean().default(false),
	test_platform: z
		.looseObject({
			server: nullableText,
			cpu: nullableText,
			memory: nullableText,
			os: nullableText,
			kernel: nullableText,
		})
		.default({ server: null, cpu: null, memory: null, os: null, kernel: null }),
	tools: z
		.array(
			z.looseObject({
				/** A tool id of src/lib/vocabulary.ts. */
				tool: z.enum(TOOL_IDS, { error: notInList('a tool', TOOL_IDS) }),
				version: shortText.nullable().default(null),
				use: shortText.optional(),
			}),
		)
		.default([]),
	methodology: z
		.looseObject({
			drive_count: z.number().int().positive().nullable().default(null),
			preconditioning: nullableText,
			steady_state: nullableText,
			footprint: nullableText,
			threads_queues: nullableText,
			power_mode: nullableText,
			op: nullableText,
		})
		.default({
			drive_count: null,
			preconditioning: null,
			steady_state: null,
			footprint: null,
			threads_queues: null,
			power_mode: null,
			op: null,
		}),
	devices_tested: z
		.array(
			z.looseObject({
				device_id: kebabId,
				role: z.enum(['subject', 'comparison', 'reference']).default('subject'),
				note: shortText.optional(),
			}),
		)
		.min(1),
	notes: nullableText,
});

export type ReviewYaml = z.infer<typeof reviewYaml>;
