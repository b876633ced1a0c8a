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
