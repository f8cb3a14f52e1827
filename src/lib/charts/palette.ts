// The fixed categorical colours, assigned by position (device order, or load order in a ladder).
// Observable's "observable10" scheme: chosen to read on both light and dark backgrounds.
export const CATEGORICAL_COLORS = [
	'#4269d0',
	'#efb118',
	'#ff725c',
	'#6cc5b0',
	'#3ca951',
	'#ff8ab7',
	'#a463f2',
	'#97bbf5',
	'#9c6b4e',
	'#9498a0',
] as const;

export function categoricalColor(index: number): string {
	return CATEGORICAL_COLORS[index % CATEGORICAL_COLORS.length]!;
}
