import type { ScenarioContext } from '../lib/types';

export const INVENTORY_SKUS = 100_000;
/** The last 5 % of the SKUs are 6-packs of the first ones: they hold no stock and show their base's. */
const PACKS = 5_000;

export interface InventoryDataset {
  token: string;
  ilocIds: string[];
  skus: number;
  balances: number;
  movements: number;
}

/**
 * Acme Outfitters with 100,000 SKUs × 5 ilocs: 95,000 REGULAR SKUs with a balance at each of the 5 ilocs
 * (and the one `received` movement each balance is the sum of), 5,000 PACKs of them. Plain SQL as the
 * owner, like lib/dataset.ts: a few seconds instead of 100,000 API calls. SKU codes are BNC-000001…
 * and names "Bench item 000001 red", so a search like `BNC-0123` matches 100 SKUs (500 rows).
 */
export async function loadInventoryDataset(ctx: ScenarioContext): Promise<InventoryDataset> {
  const q = ctx.ownerQuery;
  const [acme] = await q(`SELECT id FROM companies WHERE name = 'Acme Outfitters'`);
  const tenant = String(acme?.id);
  // Loaded once per database: with `--pool 4,10` the next server's prepare finds it there.
  const [loaded] = await q(`SELECT 1 AS x FROM ilocs WHERE tenant_id = $1 AND code = 'BNC-DAL'`, [tenant]);
  if (!loaded) await loadInventory(q, tenant);
  const [counts] = await q(`
    SELECT (SELECT count(*) FROM skus WHERE tenant_id = $1)::int AS skus,
      (SELECT count(*) FROM inventory_balances WHERE tenant_id = $1)::int AS balances,
      (SELECT count(*) FROM inventory_movements WHERE tenant_id = $1)::int AS movements`, [tenant]);
  const ilocs = await q(`SELECT id FROM ilocs WHERE tenant_id = $1 AND archived_at IS NULL ORDER BY code`, [tenant]);
  return {
    token: await ctx.signIn('tenant@acme.test', 'Omnio#Tenant1'),
    ilocIds: ilocs.map((r) => String(r.id)),
    skus: Number(counts?.skus),
    balances: Number(counts?.balances),
    movements: Number(counts?.movements),
  };
}

async function loadInventory(q: ScenarioContext['ownerQuery'], tenant: string): Promise<void> {
  await q(`INSERT INTO ilocs (tenant_id, name, code) VALUES ($1, 'Bench Dallas', 'BNC-DAL'), ($1, 'Bench Denver', 'BNC-DEN')`, [tenant]);
  await q(`
    INSERT INTO skus (tenant_id, sku, name, type)
    SELECT $1, 'BNC-' || lpad(g::text, 6, '0'), 'Bench item ' || lpad(g::text, 6, '0') || ' ' || (ARRAY['red', 'blue', 'green', 'black'])[1 + g % 4], 'REGULAR'
    FROM generate_series(1, $2::int) g`, [tenant, INVENTORY_SKUS - PACKS]);
  await q(`
    INSERT INTO skus (tenant_id, sku, name, type, pack_base_sku_id, pack_quantity)
    SELECT $1, 'BNC-' || lpad(g::text, 6, '0'), 'Bench item ' || lpad(g::text, 6, '0') || ' 6-pack', 'PACK', b.id, 6
    FROM generate_series($2::int + 1, $3::int) g
    JOIN skus b ON b.tenant_id = $1 AND b.sku = 'BNC-' || lpad((g - $2::int)::text, 6, '0')`, [tenant, INVENTORY_SKUS - PACKS, INVENTORY_SKUS]);
  await q(`
    INSERT INTO inventory_balances (tenant_id, sku_id, iloc_id, qty_good, qty_hold, qty_hurt, updated_at)
    SELECT s.tenant_id, s.id, i.id, (hashtext(s.sku || i.code) & 255), (hashtext(i.code || s.sku) & 3), 0, now() - (random() * interval '30 days')
    FROM skus s JOIN ilocs i ON i.tenant_id = s.tenant_id
    WHERE s.tenant_id = $1 AND s.type = 'REGULAR' AND s.sku LIKE 'BNC-%'`, [tenant]);
  // Each balance is the sum of its movements: one receipt per balance.
  await q(`
    INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, delta_hold, reason, reference_type, reference_id, created_at)
    SELECT tenant_id, sku_id, iloc_id, qty_good, qty_hold, 'received', 'bench', 'load', updated_at
    FROM inventory_balances WHERE tenant_id = $1 AND (qty_good <> 0 OR qty_hold <> 0)`, [tenant]);
  await q('ANALYZE');
}

export const authJson = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' });
