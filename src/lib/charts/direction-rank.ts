// Directions in the dataset's order (read, write, trim, mixed), unknown ones last. No Plot here: the chart kinds'
// plans and the page script's data path use it too.
import { DIRECTIONS } from '../schema.ts';

export function directionRank(direction: string): number {
	const i = DIRECTIONS.indexOf(direction as (typeof DIRECTIONS)[number]);
	return i < 0 ? DIRECTIONS.length : i;
}
