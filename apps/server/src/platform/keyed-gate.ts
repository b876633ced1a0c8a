/**
 * At most `limit` tasks at once per key, the rest waiting their turn in arrival order. For work that would
 * otherwise queue inside PostgreSQL holding connections and row locks (one tenant's batch imports draw on the
 * same stock balances): waiting here costs nothing, waiting there costs a pooled connection and lock churn.
 */
export class KeyedGate {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly limit: number) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if ((this.running.get(key) ?? 0) >= this.limit) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key) ?? [];
        queue.push(resolve);
        this.waiting.set(key, queue);
      });
    } else {
      this.running.set(key, (this.running.get(key) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.get(key)?.shift();
      if (next) next(); // the slot passes straight to the next in line
      else {
        const n = (this.running.get(key) ?? 1) - 1;
        if (n > 0) this.running.set(key, n);
        else this.running.delete(key);
      }
      if (this.waiting.get(key)?.length === 0) this.waiting.delete(key);
    }
  }

  /** Tasks running and waiting for a key (tests, metrics). */
  load(key: string): { running: number; waiting: number } {
    return { running: this.running.get(key) ?? 0, waiting: this.waiting.get(key)?.length ?? 0 };
  }
}
