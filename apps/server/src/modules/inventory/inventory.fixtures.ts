// Test helpers: SKUs, synsets and ilocs by direct inserts (no dependency on the catalog API), and the
// ledger invariant as SQL. Used by the inventory tests only.
import { companies } from '../companies/companies.tables';
import { skus, synsetMembers } from '../catalog/catalog.tables';
import { ilocs } from '../ilocs/ilocs.tables';
import { withTenant } from '../../platform/db/tenant';
import type { Tx } from '../../platform/db/client';
import type { TestApp } from '../../test/test-app';

/** The fixtures need only the database: a TestApp, or a bare clone with a bigger pool (concurrency test). */
type Db = Pick<TestApp, 'database'>;

export async function tenantIds(t: Db): Promise<{ acme: string; globex: string }> {
  const rows = await t.database.db.select({ id: companies.id, name: companies.name }).from(companies);
  return { acme: rows.find((c) => c.name === 'Acme Outfitters')!.id, globex: rows.find((c) => c.name === 'Globex Retail')!.id };
}

export const inTenant = <T>(t: Db, tenantId: string, fn: (tx: Tx) => Promise<T>) => withTenant({ db: t.database.db, tenantId }, fn);

export async function makeSku(
  t: Db,
  tenantId: string,
  input: { sku: string; name?: string; type?: 'REGULAR' | 'SYNSET'; packOf?: { skuId: string; quantity: number } },
): Promise<string> {
  return inTenant(t, tenantId, async (tx) => {
    const [row] = await tx
      .insert(skus)
      .values({
        tenantId,
        sku: input.sku,
        name: input.name ?? `${input.sku} name`,
        type: input.packOf ? 'PACK' : (input.type ?? 'REGULAR'),
        packBaseSkuId: input.packOf?.skuId ?? null,
        packQuantity: input.packOf?.quantity ?? null,
      })
      .returning({ id: skus.id });
    return row!.id;
  });
}

export async function makeSynset(t: Db, tenantId: string, code: string, memberIds: string[]): Promise<string> {
  const id = await makeSku(t, tenantId, { sku: code, type: 'SYNSET' });
  await inTenant(t, tenantId, (tx) => tx.insert(synsetMembers).values(memberIds.map((m) => ({ tenantId, synsetId: id, memberSkuId: m }))));
  return id;
}

export async function makeIloc(t: Db, tenantId: string, code: string): Promise<string> {
  return inTenant(t, tenantId, async (tx) => {
    const [row] = await tx.insert(ilocs).values({ tenantId, name: `Iloc ${code}`, code }).returning({ id: ilocs.id });
    return row!.id;
  });
}

/**
 * Every balance that differs from the sum of its movements, or holds a negative bucket or availability,
 * across all tenants (as the owner). Empty when the ledger holds.
 */
export async function ledgerViolations(t: Db): Promise<Record<string, unknown>[]> {
  return t.database.ownerExec(`
    WITH sums AS (
      SELECT tenant_id, sku_id, iloc_id, sum(delta_good)::int AS g, sum(delta_hold)::int AS h, sum(delta_hurt)::int AS u,
        sum(delta_in_transit)::int AS t, sum(delta_reserved)::int AS r
      FROM inventory_movements GROUP BY 1, 2, 3)
    SELECT b.*, s.* FROM inventory_balances b
    FULL JOIN sums s ON s.tenant_id = b.tenant_id AND s.sku_id = b.sku_id AND s.iloc_id = b.iloc_id
    WHERE coalesce(b.qty_good, 0) <> coalesce(s.g, 0) OR coalesce(b.qty_hold, 0) <> coalesce(s.h, 0)
      OR coalesce(b.qty_hurt, 0) <> coalesce(s.u, 0) OR coalesce(b.qty_in_transit, 0) <> coalesce(s.t, 0)
      OR coalesce(b.qty_reserved, 0) <> coalesce(s.r, 0)
      OR least(b.qty_good, b.qty_hold, b.qty_hurt, b.qty_in_transit, b.qty_reserved, b.qty_good - b.qty_reserved) < 0`);
}

/** The holder balance at an iloc as plain numbers (zeros when there is no row). */
export async function balanceOf(t: Db, tenantId: string, skuId: string, ilocId: string) {
  const [row] = await t.database.ownerExec(`
    SELECT qty_good, qty_hold, qty_hurt, qty_in_transit, qty_reserved FROM inventory_balances
    WHERE tenant_id = '${tenantId}' AND sku_id = '${skuId}' AND iloc_id = '${ilocId}'`);
  return {
    good: Number(row?.qty_good ?? 0), hold: Number(row?.qty_hold ?? 0), hurt: Number(row?.qty_hurt ?? 0),
    in_transit: Number(row?.qty_in_transit ?? 0), reserved: Number(row?.qty_reserved ?? 0),
  };
}
