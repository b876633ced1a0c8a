import type { Principal } from './context';

interface Entry {
  principal: Principal;
  until: number;
}

/**
 * Recently checked access tokens, so a burst of requests with one token costs one sign-in query.
 * Every change that affects sign-in (logout, rotation, disable, roles, permissions, company switch,
 * password reset) clears it in this process; another process sees such a change after at most ttlMs.
 * Token expiry is checked on every hit, so a cached token never outlives its expires_at.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || entry.principal.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.principal;
  }

  set(tokenHash: string, principal: Principal, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { principal, until: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Requests per personal access token per minute (fixed one-minute windows), counted in this process.
 * Several API processes each count their own share, so behind N processes a token may make up to N times
 * the limit (docs/api-access-tokens.md); the per-address limit of @fastify/rate-limit still applies on top.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly maxEntries = 50_000,
  ) {}

  /** Counts one request; answers 0 when it may go ahead, else the seconds until the window resets. */
  hit(tokenId: string, now = Date.now()): number {
    let w = this.windows.get(tokenId);
    if (!w || now - w.start >= 60_000) {
      if (!w && this.windows.size >= this.maxEntries) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(tokenId, w);
    }
    w.count++;
    if (w.count <= this.perMinute) return 0;
    return Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(id);
    // Still full of live windows: forget the oldest rather than grow without bound.
    if (this.windows.size >= this.maxEntries) this.windows.delete(this.windows.keys().next().value!);
  }
}
