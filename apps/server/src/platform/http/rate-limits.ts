import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';

/**
 * Where rate-limit windows are counted. The per-address, sign-in and per-token limits hold for the whole
 * installation, not per process: with several API processes the counts meet in Redis (`REDIS_URL`) or, without
 * it, in PostgreSQL (an unlogged table); the embedded database has one process, so its counts stay in memory.
 */
export interface WindowStore {
  /** Adds `n` hits to `key`'s fixed window of `windowMs`; answers the window's total and the ms until it resets. */
  add(key: string, n: number, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  close(): Promise<void>;
}

export class MemoryWindowStore implements WindowStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly maxEntries = 100_000) {}

  async add(key: string, n: number, windowMs: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (!w && this.windows.size >= this.maxEntries) this.sweep(now, windowMs);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += n;
    return { count: w.count, ttlMs: w.start + windowMs - now };
  }

  private sweep(now: number, windowMs: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(k);
    // Still full of live windows: forget the oldest rather than grow without bound.
    if (this.windows.size >= this.maxEntries) this.windows.delete(this.windows.keys().next().value!);
  }

  async close() {}
}

/** Counts in `rate_limit_windows` (migration 0030): one upsert per flush, the window restarting when it has run out. */
export class PostgresWindowStore implements WindowStore {
  private lastSweep = Date.now();

  constructor(private readonly database: Database) {}

  async add(key: string, n: number, windowMs: number) {
    const [row] = await this.database.query(
      `INSERT INTO rate_limit_windows AS w (key, window_start, window_ms, count) VALUES ($1, clock_timestamp(), $2, $3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN w.window_start + w.window_ms * interval '1 millisecond' <= clock_timestamp() THEN EXCLUDED.count ELSE w.count + EXCLUDED.count END,
         window_start = CASE WHEN w.window_start + w.window_ms * interval '1 millisecond' <= clock_timestamp() THEN clock_timestamp() ELSE w.window_start END,
         window_ms = EXCLUDED.window_ms
       RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM (window_start + window_ms * interval '1 millisecond' - clock_timestamp())) * 1000)::int AS ttl_ms`,
      [key, windowMs, n],
      'rate-limit-add',
    );
    // Windows that ran out an hour ago are nobody's: dropped now and then by whichever process passes.
    if (Date.now() - this.lastSweep > 5 * 60_000) {
      this.lastSweep = Date.now();
      void this.database
        .query(`DELETE FROM rate_limit_windows WHERE window_start + window_ms * interval '1 millisecond' < now() - interval '1 hour'`, [])
        .catch(() => undefined);
    }
    return { count: Number(row?.count ?? n), ttlMs: Number(row?.ttl_ms ?? windowMs) };
  }

  async close() {}
}

/** The smallest client of the Redis protocol this needs (ioredis satisfies it). */
export interface RedisLike {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  quit(): Promise<unknown>;
}

const REDIS_ADD = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {count, ttl}`;

export class RedisWindowStore implements WindowStore {
  constructor(private readonly redis: RedisLike, private readonly prefix = 'omnio:rl:') {}

  async add(key: string, n: number, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(REDIS_ADD, 1, this.prefix + key, n, windowMs)) as [number, number];
    return { count: Number(count), ttlMs: Number(ttl) };
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

interface LocalWindow {
  /** The shared total as last answered, plus the hits counted here since. */
  shared: number;
  pending: number;
  resetAt: number;
  flushing: Promise<void> | null;
}

/**
 * Limits over a shared store without a round trip per request: each process sends its hits in batches of
 * `ceil(max / 100)` (one by one under a limit of 100 or less, so sign-in stays exact) and judges by the shared
 * total it last heard plus its own unsent hits. Behind N processes a key can pass its limit by at most
 * N × batch − N hits (1% of the limit per process), the price of not asking the store on every request.
 */
export class RateLimiter {
  private readonly local = new Map<string, LocalWindow>();

  constructor(private readonly store: WindowStore, private readonly maxLocalKeys = 100_000) {}

  /** Counts one hit of `key`; answers the window's count so far and the ms until it resets. */
  async hit(key: string, max: number, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const now = Date.now();
    let w = this.local.get(key);
    if (!w || now >= w.resetAt) {
      if (!w && this.local.size >= this.maxLocalKeys) this.sweep(now);
      w = { shared: 0, pending: 0, resetAt: 0, flushing: null };
      this.local.set(key, w);
    }
    w.pending++;
    const batch = Math.max(1, Math.ceil(max / 100));
    if (w.resetAt === 0 || w.pending >= batch) await this.flush(key, w, windowMs);
    return { count: w.shared + w.pending, ttlMs: Math.max(0, w.resetAt - Date.now()) };
  }

  private async flush(key: string, w: LocalWindow, windowMs: number): Promise<void> {
    while (w.flushing) await w.flushing.catch(() => undefined);
    if (w.pending === 0) return;
    const n = w.pending;
    w.pending = 0;
    w.flushing = this.store.add(key, n, windowMs).then(
      ({ count, ttlMs }) => {
        w.shared = count;
        w.resetAt = Date.now() + ttlMs;
      },
      (err: unknown) => {
        // The store is away: keep counting here, so the limit still holds for this process.
        w.pending += n;
        if (w.resetAt === 0) w.resetAt = Date.now() + windowMs;
        throw err;
      },
    ).finally(() => {
      w.flushing = null;
    });
    await w.flushing.catch(() => undefined);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.local) if (now >= w.resetAt && !w.flushing) this.local.delete(k);
    if (this.local.size >= this.maxLocalKeys) this.local.delete(this.local.keys().next().value!);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** The store of this installation: Redis when REDIS_URL is set, else PostgreSQL, else (embedded) memory. */
export async function openRateLimiter(database: Database, redisUrl: string | undefined): Promise<RateLimiter> {
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    redis.on('error', (err: Error) => console.error(`Redis (rate limits): ${err.message}`));
    return new RateLimiter(new RedisWindowStore(redis as unknown as RedisLike));
  }
  return new RateLimiter(database.kind === 'postgres' ? new PostgresWindowStore(database) : new MemoryWindowStore());
}

/**
 * A store for @fastify/rate-limit over the limiter: the global per-address limit and each route's own limit
 * (sign-in, password reset, signup) count under their own key prefix, as the plugin's own stores do.
 */
export function fastifyRateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs a store with its options; a route's own limit gets a child under the route's prefix.
    constructor(_options?: unknown, prefix = 'ip:') {
      this.prefix = prefix;
    }

    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      limiter.hit(this.prefix + key, max, timeWindow).then(
        ({ count, ttlMs }) => cb(null, { current: count, ttl: ttlMs }),
        (err: Error) => cb(err),
      );
    }

    child(params: object): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route itself under routeInfo.
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new SharedStore(undefined, `ip:${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}:`);
    }
  }
  return SharedStore;
}
