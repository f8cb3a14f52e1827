// Steady state by the SNIA Solid State Storage PTS rule (OTHER_FORMATS.md §6.2), judged from any time series.
//
// A series is cut into at most 25 rounds (the PTS's round limit), equal slices of its time span; a round's value is
// the mean of its points. A measurement window is 5 consecutive rounds (with points). It is steady when, over the
// window, the data excursion (max − min) is at most 20 % of the window's mean, and the slope excursion — how far the
// least-squares line moves across the window, |slope| × 4 rounds — at most 10 % of it. That is the spec's reading and
// CloudHarmony's (isSteadyState: |slope × 4|); StorPerf compares the raw per-round slope, 4× looser, and is not used.
// The first window that holds says where the series became steady: steady from its first round's start.

export const STEADY_ROUNDS = 25;
export const STEADY_WINDOW = 5;
const MAX_DATA_EXCURSION = 0.2;
const MAX_SLOPE_EXCURSION = 0.1;

/** One round: its time span (ms) and the mean of its points. */
export interface Round {
	start_ms: number;
	end_ms: number;
	value: number;
}

export interface SteadyState {
	/** Rounds the series was judged on. */
	rounds: number;
	/** null: fewer than STEADY_WINDOW rounds, not judged. */
	attained: boolean | null;
	/** The first window that held (null when none did). */
	window_start_ms: number | null;
	window_end_ms: number | null;
	/** Of that window, or of the last window when none held: percent of the window's mean. */
	data_excursion_pct: number | null;
	slope_excursion_pct: number | null;
}

/** The window's excursions, as fractions of its mean (Infinity when the mean is not positive). */
function excursions(window: readonly Round[]): { data: number; slope: number } {
	const n = window.length;
	const ys = window.map((r) => r.value);
	const mean = ys.reduce((s, y) => s + y, 0) / n;
	if (!(mean > 0)) return { data: Infinity, slope: Infinity };
	const xMean = (n - 1) / 2;
	let sxy = 0;
	let sxx = 0;
	ys.forEach((y, x) => {
		sxy += (x - xMean) * (y - mean);
		sxx += (x - xMean) ** 2;
	});
	const slope = sxy / sxx;
	return { data: (Math.max(...ys) - Math.min(...ys)) / mean, slope: Math.abs(slope * (n - 1)) / mean };
}

const pct = (fraction: number) => (Number.isFinite(fraction) ? fraction * 100 : null);

/** Judges rounds in time order (rounds without points left out). */
export function judgeSteadyState(rounds: readonly Round[]): SteadyState {
	if (rounds.length < STEADY_WINDOW) {
		return { rounds: rounds.length, attained: null, window_start_ms: null, window_end_ms: null, data_excursion_pct: null, slope_excursion_pct: null };
	}
	let last = { data: Infinity, slope: Infinity };
	for (let i = 0; i + STEADY_WINDOW <= rounds.length; i++) {
		const window = rounds.slice(i, i + STEADY_WINDOW);
		last = excursions(window);
		if (last.data <= MAX_DATA_EXCURSION && last.slope <= MAX_SLOPE_EXCURSION) {
			return {
				rounds: rounds.length,
				attained: true,
				window_start_ms: window[0]!.start_ms,
				window_end_ms: window[STEADY_WINDOW - 1]!.end_ms,
				data_excursion_pct: pct(last.data),
				slope_excursion_pct: pct(last.slope),
			};
		}
	}
	return { rounds: rounds.length, attained: false, window_start_ms: null, window_end_ms: null, data_excursion_pct: pct(last.data), slope_excursion_pct: pct(last.slope) };
}
