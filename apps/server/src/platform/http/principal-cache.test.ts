import { describe, expect, it } from 'vitest';
import { PrincipalCache } from './principal-cache';
import type { Principal } from './context';

const principal = (expiresAt: number): Principal => ({
  userId: 'u', tokenId: 't', clientId: 'c', roles: ['tenant'], role: 'tenant', permissions: new Set(), companyId: null,
  supplierId: null, impersonatorId: null, scopes: '*', expiresAt,
});

describe('principal cache', () => {
  it('trusts a checked token for ttl only', () => {
    const cache = new PrincipalCache(2000);
    cache.set('h', principal(1_000_000), 0);
    expect(cache.get('h', 1999)).toBeDefined();
    expect(cache.get('h', 2000)).toBeUndefined();
  });
  it('never serves a token past its own expiry', () => {
    const cache = new PrincipalCache(2000);
    cache.set('h', principal(500), 0);
    expect(cache.get('h', 499)).toBeDefined();
    expect(cache.get('h', 500)).toBeUndefined();
  });
  it('forgets everything on clear, and caches nothing with ttl 0', () => {
    const cache = new PrincipalCache(2000);
    cache.set('h', principal(10_000), 0);
    cache.clear();
    expect(cache.get('h', 1)).toBeUndefined();
    const off = new PrincipalCache(0);
    off.set('h', principal(10_000), 0);
    expect(off.get('h', 1)).toBeUndefined();
  });
  it('stays bounded', () => {
    const cache = new PrincipalCache(2000, 2);
    for (const k of ['a', 'b', 'c']) cache.set(k, principal(10_000), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });
});
