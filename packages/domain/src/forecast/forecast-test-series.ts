/** Generated series with known answers for the forecast tests (deterministic: seeded). */

export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
