// A review measured by this project itself (scripts/capture.ts, data/README.md "Captured datasets"): its publisher is
// the dataset's own name, its source is this dataset and its licence the project's data licence. One test, for the
// downloads page and the archives' READMEs.
import { DATASET_TITLE } from './citation.ts';

export function isOwnMeasurement(review: { publisher: string | null }): boolean {
	return review.publisher === DATASET_TITLE;
}
