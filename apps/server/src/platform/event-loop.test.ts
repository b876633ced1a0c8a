import { describe, expect, it } from 'vitest';
import { sliced } from './event-loop';

describe('sliced', () => {
  it('lets I/O and timers run once a slice has used its time, and not before', async () => {
    const turn = sliced(5);
    expect(turn()).toBeUndefined();
    let ran = false;
    setImmediate(() => { ran = true; });
    const started = performance.now();
    while (performance.now() - started < 6) { /* a slice of work */ }
    // Awaiting resolved promises never lets the setImmediate above run; the slice's pause does.
    await Promise.resolve();
    expect(ran).toBe(false);
    const pause = turn();
    expect(pause).toBeInstanceOf(Promise);
    await pause;
    expect(ran).toBe(true);
    // A new slice starts after the pause.
    expect(turn()).toBeUndefined();
  });
});
