// The SNIA PTS steady-state rule (src/lib/steady-state.ts), on rounds worked out by hand.
import { describe, expect, it } from 'vitest';
import { judgeSteadyState, type Round } from '../../src/lib/steady-state.ts';

const rounds = (values: number[], ms = 1000): Round[] => values.map((value, i) => ({ start_ms: i * ms, end_ms: (i + 1) * ms, value }));

describe('judgeSteadyState', () => {
	it('finds the first 5-round window within 20 % data and 10 % slope excursion: steady from its start', () => {
		// A fresh drive falling to steady state: 100, 90, 70, 55 then about 50.
		const r = judgeSteadyState(rounds([100, 90, 70, 55, 50, 51, 49, 50, 52, 50]));
		// Window from round 3 (55, 50, 51, 49, 50): mean 51, data (55 − 49) / 51 = 11.8 %; slope −1.1 per round
		// (least squares over x = 0…4), × 4 = 4.4 → 8.6 % of 51: both hold. Round 2's window (70…) does not.
		expect(r).toMatchObject({ rounds: 10, attained: true, window_start_ms: 3000, window_end_ms: 8000 });
		expect(r.data_excursion_pct).toBeCloseTo((6 / 51) * 100, 9);
		expect(r.slope_excursion_pct).toBeCloseTo(((1.1 * 4) / 51) * 100, 9);
	});

	it('uses the slope across the window (× 4 rounds), not the raw per-round slope StorPerf compares', () => {
		// A steady climb of 3 % of the mean per round: raw slope 3 % (StorPerf: steady), across 4 rounds 12 % (not).
		const r = judgeSteadyState(rounds([94, 97, 100, 103, 106]));
		expect(r.attained).toBe(false);
		expect(r.slope_excursion_pct).toBeCloseTo(12, 9);
		expect(r.data_excursion_pct).toBeCloseTo(12, 9);
	});

	it('is not steady when one round swings more than 20 % of the mean, and says by how much', () => {
		const r = judgeSteadyState(rounds([100, 100, 125, 100, 100]));
		// mean 105, (125 − 100) / 105 = 23.8 %
		expect(r).toMatchObject({ attained: false, window_start_ms: null, window_end_ms: null });
		expect(r.data_excursion_pct).toBeCloseTo((25 / 105) * 100, 9);
	});

	it('does not judge fewer than 5 rounds, nor a window whose mean is not positive', () => {
		expect(judgeSteadyState(rounds([1, 1, 1, 1]))).toMatchObject({ rounds: 4, attained: null, data_excursion_pct: null });
		expect(judgeSteadyState(rounds([0, 0, 0, 0, 0]))).toMatchObject({ attained: false, data_excursion_pct: null, slope_excursion_pct: null });
	});
});
