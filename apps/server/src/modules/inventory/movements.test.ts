import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryMovement, Paginated } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { balanceOf, inTenant, makeSku, tenantIds } from './inventory.fixtures';
import { release, reserve } from './ledger';

// The movement history a person reads for one SKU × iloc: who, when, why, and the balance after each change.

type Headers = Record<string, string>;
let t: TestApp;
let acme: Headers;
let acmeId: string;
const iloc: Record<string, string> = {};
let teeId: string;

async function movements(query: string, headers = acme): Promise<Paginated<InventoryMovement>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/1.0/inventory/movements?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function adjust(adjustments: object[]): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/1.0/inventory/adjustments', headers: acme, payload: { adjustments } });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.as('acmeTenant');
  ({ acme: acmeId } = await tenantIds(t));
  for (const r of await t.database.ownerExec(`SELECT id, code FROM ilocs WHERE tenant_id = '${acmeId}'`)) iloc[String(r.code)] = String(r.id);
  teeId = await makeSku(t, acmeId, { sku: 'TEE-RED-M' });
  await makeSku(t, acmeId, { sku: 'TEE-RED-M-6PK', packOf: { skuId: teeId, quantity: 6 } });
  const aus = iloc['AUS-MAIN']!;
  await adjust([{ sku: 'TEE-RED-M', iloc_id: aus, bucket: 'good', delta: 20, reason: 'received', note: 'PO 12' }]);
  await adjust([{ sku: 'TEE-RED-M', iloc_id: iloc['SE-RENO'], bucket: 'good', delta: 5, reason: 'received' }]);
  await inTenant(t, acmeId, (tx) => reserve(tx, acmeId, { skuId: teeId, ilocId: aus, quantity: 4, reference: { type: 'order', id: 'SO-7' } }));
  await adjust([{ sku: 'TEE-RED-M-6PK', iloc_id: aus, bucket: 'hurt', delta: 1, reason: 'damaged' }]);
  await inTenant(t, acmeId, (tx) => release(tx, acmeId, { skuId: teeId, ilocId: aus, quantity: 1, reference: { type: 'order', id: 'SO-7' } }));
  await adjust([{ sku: 'TEE-RED-M', iloc_id: aus, bucket: 'good', set: 18, reason: 'cycle_count' }]);
});
afterAll(() => t.close());

describe('GET /inventory/movements?include=balance_after', () => {
  it("gives the holder's balance at the iloc right after each movement, newest first, ending at today's balance", async () => {
    const page = await movements(`search=sku:TEE-RED-M;iloc:${iloc['AUS-MAIN']}&include=balance_after`);
    expect(page.data.map((m) => [m.reason, m.delta_good, m.delta_hurt, m.delta_reserved, m.balance_after])).toEqual([
      ['cycle_count', -2, 0, 0, { good: 18, hold: 0, hurt: 6, in_transit: 0, reserved: 3 }],
      ['release', 0, 0, -1, { good: 20, hold: 0, hurt: 6, in_transit: 0, reserved: 3 }],
      ['damaged', 0, 6, 0, { good: 20, hold: 0, hurt: 6, in_transit: 0, reserved: 4 }], // one pack of 6, in base units
      ['reserve', 0, 0, 4, { good: 20, hold: 0, hurt: 0, in_transit: 0, reserved: 4 }],
      ['received', 20, 0, 0, { good: 20, hold: 0, hurt: 0, in_transit: 0, reserved: 0 }],
    ]);
    expect(page.data[0]!.balance_after).toEqual(await balanceOf(t, acmeId, teeId, iloc['AUS-MAIN']!));
    expect(page.data.at(-1)).toMatchObject({ note: 'PO 12', user_name: 'Tom Tenant' });
    expect(page.data[1]).toMatchObject({ reference_type: 'order', reference_id: 'SO-7', user_id: null });
  });

  it('pages keep the balance of each movement, also oldest first and across ilocs', async () => {
    const second = await movements('search=sku:TEE-RED-M&include=balance_after&per_page=2&page=2');
    expect(second).toMatchObject({ total: 6, last_page: 3 });
    expect(second.data.map((m) => [m.reason, m.iloc_name, m.balance_after?.good, m.balance_after?.hurt])).toEqual([
      ['damaged', 'Austin Main Warehouse', 20, 6],
      ['reserve', 'Austin Main Warehouse', 20, 0],
    ]);
    const oldest = await movements('search=sku:TEE-RED-M&include=balance_after&order_direction=ASC&per_page=2');
    expect(oldest.data.map((m) => [m.iloc_name, m.balance_after?.good])).toEqual([['Austin Main Warehouse', 20], ['Shipedge Reno', 5]]);
  });

  it('finds a SKU by id too: a pack shows its base\'s movements; an unknown or malformed id finds none', async () => {
    const [pack] = await t.database.ownerExec(`SELECT id FROM skus WHERE sku = 'TEE-RED-M-6PK'`);
    expect((await movements(`search=sku_id:${String(pack!.id)}`)).total).toBe(6);
    expect((await movements(`search=sku_id:${teeId};iloc:${iloc['SE-RENO']}`)).data.map((m) => m.delta_good)).toEqual([5]);
    expect((await movements('search=sku_id:00000000-0000-4000-8000-000000000000')).total).toBe(0);
    expect((await movements('search=sku_id:nope')).total).toBe(0);
    expect((await movements(`search=sku_id:${teeId}`, await t.as('globexTenant'))).total).toBe(0);
  });

  it('leaves balance_after out unless asked for', async () => {
    const page = await movements('search=sku:TEE-RED-M&per_page=1');
    expect(page.data[0]).not.toHaveProperty('balance_after');
  });
});
