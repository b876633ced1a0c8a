import { describe, expect, it } from 'vitest';
import { KeyedGate } from './keyed-gate';

// Not a wait for anything: a task that takes a moment, so that tasks overlap and the limit matters.
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('KeyedGate', () => {
  it('runs at most `limit` tasks per key, in arrival order, and other keys freely', async () => {
    const gate = new KeyedGate(2);
    let peak = 0;
    let now = 0;
    const order: number[] = [];
    const task = (n: number) => gate.run('acme', async () => {
      now++;
      peak = Math.max(peak, now);
      await tick();
      order.push(n);
      now--;
      return n;
    });
    const other = gate.run('globex', async () => 'free');
    expect(gate.load('globex').running).toBe(1);
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(task));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5, 6]);
    expect(await other).toBe('free');
    expect(gate.load('acme')).toEqual({ running: 0, waiting: 0 });
  });

  it('a failing task frees its slot', async () => {
    const gate = new KeyedGate(1);
    await expect(gate.run('k', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await gate.run('k', async () => 'next')).toBe('next');
    expect(gate.load('k')).toEqual({ running: 0, waiting: 0 });
  });
});
