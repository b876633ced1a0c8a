import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle, DEMO } from '../../test/test-app';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process';
import { MemoryWindowStore, PostgresWindowStore, RateLimiter, RedisWindowStore, type RedisLike, type WindowStore } from './rate-limits';

/**
 * Limits that hold for the whole installation: two limiters (two processes) over one store count together.
 * Memory always; PostgreSQL with TEST_DATABASE_URL; Redis with TEST_REDIS_URL (.ci/run sets both when the
 * machine runs them).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

async function redisClient(): Promise<RedisLike & { flushPrefix(prefix: string): Promise<void> }> {
  const { Redis } = await import('ioredis');
  const r = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
  return Object.assign(r as unknown as RedisLike, {
    async flushPrefix(prefix: string) {
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
    },
  });
}

/** Hits alternate between the limiters; answers how many were let through (count ≤ max). */
async function admitted(limiters: RateLimiter[], key: string, max: number, attempts: number): Promise<number> {
  let through = 0;
  for (let i = 0; i < attempts; i++) {
    const { count } = await limiters[i % limiters.length]!.hit(key, max, 60_000);
    if (count <= max) through++;
  }
  return through;
}

function sharedStoreCases(name: string, open: () => Promise<{ store: WindowStore; done(): Promise<void> }>) {
  describe(`two processes over one ${name} store`, () => {
    let store: WindowStore;
    let done: () => Promise<void>;
    const key = (k: string) => `${k}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

    beforeAll(async () => {
      ({ store, done } = await open());
    }, 60_000);
    afterAll(async () => done?.());

    it('a small limit (sign-in) is exact: the 31st attempt of 30 is refused whichever process gets it', async () => {
      const a = new RateLimiter(store);
      const b = new RateLimiter(store);
      expect(await admitted([a, b], key('login'), 30, 40)).toBe(30);
    });

    it('a large limit is counted in batches: at most one batch per process over, never per-process limits', async () => {
      const a = new RateLimiter(store);
      const b = new RateLimiter(store);
      const through = await admitted([a, b], key('ip'), 1_000, 1_500);
      // Per-process counting would let 1,500 through (750 each, under 1,000); batches of 10 let ≤ 1,020.
      expect(through).toBeGreaterThanOrEqual(1_000);
      expect(through).toBeLessThanOrEqual(1_020);
    });

    it('a window that ran out starts again from zero, and says when it resets', async () => {
      const a = new RateLimiter(store);
      const k = key('short');
      for (let i = 0; i < 3; i++) await a.hit(k, 3, 300);
      const over = await a.hit(k, 3, 300);
      expect(over.count).toBe(4);
      expect(over.ttlMs).toBeLessThanOrEqual(300);
      // A real wait: the window must run out (it said when: ttlMs) before a hit starts a new one.
      await new Promise((r) => setTimeout(r, over.ttlMs + 50));
      expect((await new RateLimiter(store).hit(k, 3, 300)).count).toBe(1);
    });
  });
}

sharedStoreCases('memory', async () => ({ store: new MemoryWindowStore(), done: async () => {} }));

if (pgUrl) {
  sharedStoreCases('PostgreSQL', async () => {
    const clone = await cloneTestDatabase();
    return { store: new PostgresWindowStore(clone.database), done: () => dropCloneWhenIdle(clone) };
  });
}

if (redisUrl) {
  sharedStoreCases('Redis', async () => {
    const redis = await redisClient();
    const prefix = `omnio-test:${process.pid}:`;
    return {
      store: new RedisWindowStore(redis, prefix),
      done: async () => {
        await redis.flushPrefix(prefix);
        await redis.quit();
      },
    };
  });
}

describe('when the store is away', () => {
  it('each process still limits by its own count', async () => {
    const broken: WindowStore = { add: () => Promise.reject(new Error('ECONNREFUSED')), close: async () => {} };
    const a = new RateLimiter(broken);
    expect(await admitted([a], 'k', 5, 8)).toBe(5);
  });
});

/** Sign-in attempts spread over two real API processes meet one limit (PostgreSQL, and Redis when given). */
describe.skipIf(!pgUrl)('the sign-in limit across two API processes', () => {
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    clone = await cloneTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await stopServerProcesses(servers);
    if (clone) await dropCloneWhenIdle(clone);
  }, 60_000);

  const attempt = (server: ServerProcess) =>
    fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: DEMO.acmeTenant.email, password: 'wrong-password', client_id: 'omnio-web', client_secret: 'omnio-web-secret' }),
    }).then((r) => r.status);

  for (const backend of ['PostgreSQL', ...(redisUrl ? ['Redis'] : [])]) {
    it(`five attempts a minute in all, not five per process (${backend})`, async () => {
      const env: Record<string, string> = { LOGIN_RATE_LIMIT_PER_MINUTE: '5', ...(backend === 'Redis' ? { REDIS_URL: redisUrl! } : {}) };
      if (backend === 'Redis') {
        const redis = await redisClient();
        await redis.flushPrefix('omnio:rl:');
        await redis.quit();
      } else {
        await clone.database.ownerExec('DELETE FROM rate_limit_windows');
      }
      const pair = await Promise.all([startServerProcess(clone.url!, env), startServerProcess(clone.url!, env)]);
      servers.push(...pair);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push(await attempt(pair[i % 2]!));
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      await stopServerProcesses(pair);
    }, 180_000);
  }
});
