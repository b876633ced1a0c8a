import { describe, expect, it } from 'vitest';
import { allowedActions, skuTransition, SKU_TRANSITIONS, ZProductCreate, ZSkuCode, ZSkuCreate, ZMoney, ZPackageCreate } from './catalog';

describe('SKU lifecycle table', () => {
  it('active → discontinue → discontinued → reactivate → active, nothing else', () => {
    expect(skuTransition('active', 'discontinue')).toBe('discontinued');
    expect(skuTransition('discontinued', 'reactivate')).toBe('active');
    expect(skuTransition('active', 'reactivate')).toBeNull();
    expect(skuTransition('discontinued', 'discontinue')).toBeNull();
    expect(skuTransition('constructor', 'discontinue')).toBeNull();
    expect(Object.keys(SKU_TRANSITIONS)).toEqual(['active', 'discontinued']);
  });

  it('allowed actions follow status and permissions', () => {
    expect(allowedActions('active', new Set(['update-product']))).toEqual(['discontinue']);
    expect(allowedActions('discontinued', ['update-product'])).toEqual(['reactivate']);
    expect(allowedActions('active', new Set(['read-product']))).toEqual([]);
  });
});

describe('spec 5 validation', () => {
  it.each([["A'B", false], ['A B', false], ['', false], ['X'.repeat(65), false], ['  TEE-RED-M ', true], ['X'.repeat(64), true]])('sku %j valid: %s', (sku, ok) => {
    expect(ZSkuCode.safeParse(sku).success).toBe(ok);
  });

  it('money keeps its scale, never becomes a float, at most 4 decimals', () => {
    expect(ZMoney.parse('19.90')).toBe('19.90');
    expect(ZMoney.parse(19.9)).toBe('19.9');
    expect(ZMoney.parse('007.50')).toBe('7.50');
    for (const bad of ['-1', '1.23456', '1e3', 'abc', 0.1 + 0.2, '12345678901']) expect(ZMoney.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('type-specific SKU fields', () => {
    expect(ZSkuCreate.safeParse({ sku: 'P', name: 'p', type: 'PACK', pack_of: { sku: 'B', quantity: 2 } }).success).toBe(true);
    expect(ZSkuCreate.safeParse({ sku: 'P', name: 'p', type: 'PACK', pack_of: { sku: 'B', quantity: 1.5 } }).success).toBe(false);
    expect(ZSkuCreate.safeParse({ sku: 'P', name: 'p', type: 'PACK', pack_of: { sku: 'P', quantity: 2 } }).success).toBe(false);
    expect(ZSkuCreate.safeParse({ sku: 'S', name: 's', type: 'SYNSET', members: ['A'] }).success).toBe(false);
    expect(ZSkuCreate.safeParse({ sku: 'S', name: 's', type: 'SYNSET', members: ['A', 'A'] }).success).toBe(false);
    expect(ZSkuCreate.safeParse({ sku: 'R', name: 'r', prices: [{ code: 'BUY', value: '1' }, { code: 'BUY', value: '2' }] }).success).toBe(false);
  });

  it('a product needs SKUs with distinct codes', () => {
    expect(ZProductCreate.safeParse({ name: 'P', skus: [] }).success).toBe(false);
    expect(ZProductCreate.safeParse({ name: 'P', skus: [{ sku: 'A', name: 'a' }, { sku: 'A', name: 'b' }] }).success).toBe(false);
  });

  it('a package: inner within outer, box weight within max', () => {
    expect(ZPackageCreate.safeParse({ name: 'B', outer_height: '10', inner_height: '10' }).success).toBe(true);
    expect(ZPackageCreate.safeParse({ name: 'B', outer_height: '10', inner_height: '10.001' }).success).toBe(false);
    expect(ZPackageCreate.safeParse({ name: 'B', box_weight: '2', max_weight: '1' }).success).toBe(false);
  });
});
