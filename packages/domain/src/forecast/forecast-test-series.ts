import { seededRandom as seeded } from '../seeded-random';

/** Generated series with known answers for the forecast tests (deterministic: seeded). */

export const constant = (n: number, v: number): number[] => Array.from({ length: n }, () => v);

export const linear = (n: number, a: number, b: number): number[] => Array.from({ length: n }, (_, t) => a + b * t);

/** Weekday profile repeated, times (1 ± noise) uniform. */
export function weekly(n: number, profile: readonly number[], noise: number, seed = 1): number[] {
  const r = seeded(seed);
  return Array.from({ length: n }, (_, t) => Math.round(profile[t % 7]! * (1 + noise * (2 * r() - 1))));
}

/** Demand of `size`±spread on a day with probability p, else zero. */
export function intermittent(n: number, p: number, size: number, spread: number, seed = 1): number[] {
  const r = seeded(seed);
  return Array.from({ length: n }, () => (r() < p ? Math.max(1, Math.round(size + spread * (2 * r() - 1))) : 0));
}
