import { sql, type SQL } from 'drizzle-orm';
import type { FlowFacts, FlowHookPoint, IlocFacts, RunnableFlow, SkuFacts, TFlowNode, TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, queryTogether } from '../../platform/db/rows';
import { uuidArray } from '../inventory/holder-sql';
import type { HookIntake } from '../orders/order-pipeline';
import { resolveSkuCodes } from '../inventory/resolve';

/**
 * What the engine reads besides the order, loaded in bulk: the hook's active flows and the company's iLocs
 * (once per transaction), the catalog facts and stock of the orders' SKUs (once per call), the connections.
 */

export interface FlowRow {
  id: string;
  name: string;
  version: number;
  hook_point: FlowHookPoint;
  nodes: TFlowNode[];
}

/** The hook's active flows in the order they run (a statement the import reads with its first read). */
export const activeFlowsSql = (tenantId: string, hook: FlowHookPoint) => sql`
  SELECT id, name, version, hook_point, nodes FROM rule_flows
  WHERE tenant_id = ${tenantId}::uuid AND hook_point = ${hook} AND status = 'active'
  ORDER BY priority, created_at, id`;

/** The hook's active flows in the order they run, and the company's iLocs. */
export async function readActiveFlows(tx: Tx, tenantId: string, hook: FlowHookPoint): Promise<{ flows: RunnableFlow[]; ilocs: IlocFacts[] }> {
  const read = await queryTogether(tx, { flows: activeFlowsSql(tenantId, hook), ilocs: ilocFactsSql(tenantId) });
  return { flows: read.flows as unknown as RunnableFlow[], ilocs: read.ilocs.map(toIlocFacts) };
}

const ilocFactsSql = (tenantId: string) => sql`
  SELECT id, name, priority, country, region, postal_code, (status = 'ACTIVE' AND archived_at IS NULL) AS ships
  FROM ilocs WHERE tenant_id = ${tenantId}::uuid ORDER BY priority, name`;

const toIlocFacts = (r: Record<string, unknown>): IlocFacts => ({
  id: String(r.id), name: String(r.name), priority: Number(r.priority), country: (r.country as string | null) ?? null,
  region: (r.region as string | null) ?? null, postal_code: (r.postal_code as string | null) ?? null, ships: Boolean(r.ships),
});

export async function readIlocFacts(tx: Tx, tenantId: string): Promise<IlocFacts[]> {
  return (await queryRows<Record<string, unknown>>(tx, ilocFactsSql(tenantId))).map(toIlocFacts);
}

/** Whether any of the flows reads the catalog or stock (else the SKU facts are not loaded at all). */
export function flowsNeedSkus(flows: readonly { nodes: TFlowNode[] }[]): boolean {
  return flows.some((f) => {
    const text = JSON.stringify(f.nodes);
    return text.includes('"sku.') || text.includes('"order.weight"') || text.includes('"stock"') || text.includes('"split"');
  });
}

export const factKey = (code: string) => code.trim().toLowerCase();

/**
 * The catalog facts of the orders' SKU codes, keyed by factKey(code): name, type, category, brand, weight,
 * barcode and the units available per iLoc in units of the SKU as sold. Two or three statements whatever the
 * number of codes.
 */
export async function readSkuFacts(
  tx: Tx, tenantId: string, codes: string[], into: Map<string, SkuFacts>, known?: Pick<HookIntake, 'skus' | 'balances'>,
): Promise<void> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter((c) => c.length > 0 && c.length <= 64 && !into.has(factKey(c))))];
  if (wanted.length === 0) return;
  // The import's first read resolved the exact codes (exactRows: no statement unless a code needs its alias).
  const resolved = await resolveSkuCodes(tx, tenantId, wanted, {}, known?.skus);
  if (resolved.size === 0) return;
  const ids = [...new Set([...resolved.values()].map((r) => r.id))];
  // Stock the first read has (every balance with units to spare at an iLoc that ships; a missing one is none),
  // read here only for the holders it did not cover.
  const holders = [...new Set([...resolved.values()].map((r) => r.holderId))].filter((h) => !known?.balances.holders.has(h));
  const read = await queryTogether(tx, {
    skus: sql`
      SELECT s.id, s.name, s.weight, s.barcode, c.name AS category, b.name AS brand
      FROM skus s
      LEFT JOIN products p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
      LEFT JOIN categories c ON c.tenant_id = s.tenant_id AND c.id = p.category_id
      LEFT JOIN brands b ON b.tenant_id = s.tenant_id AND b.id = p.brand_id
      WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ANY(${uuidArray(ids)})`,
    ...(holders.length ? { stock: sql`
      SELECT sku_id, iloc_id, qty_good - qty_reserved AS available FROM inventory_balances
      WHERE tenant_id = ${tenantId}::uuid AND sku_id = ANY(${uuidArray(holders)})` } : {}),
  } as Record<'skus' | 'stock', SQL>);
  const details = new Map(read.skus.map((r) => [String(r.id), r]));
  const stock = new Map<string, Record<string, number>>();
  for (const b of [...(read.stock ?? []), ...(known?.balances.rows ?? [])]) {
    const at = stock.get(String(b.sku_id)) ?? {};
    at[String(b.iloc_id)] = Number(b.available);
    stock.set(String(b.sku_id), at);
  }
  for (const [code, r] of resolved) {
    const d = details.get(r.id) ?? {};
    const held = stock.get(r.holderId) ?? {};
    const availableByIloc: Record<string, number> = {};
    for (const [iloc, units] of Object.entries(held)) availableByIloc[iloc] = Math.max(0, Math.floor(units / Math.max(r.factor, 1)));
    into.set(factKey(code), {
      sku: r.sku, name: String(d.name ?? r.sku), type: r.type, category: (d.category as string | null) ?? null, brand: (d.brand as string | null) ?? null,
      weight: d.weight === null || d.weight === undefined ? null : Number(d.weight), barcode: (d.barcode as string | null) ?? null, availableByIloc,
    });
  }
}

export type ProcessFacts = NonNullable<FlowFacts['process']>;

/** The connections (processes) the orders came from, by id. */
export async function readProcessFacts(tx: Tx, tenantId: string, ids: string[], into: Map<string, ProcessFacts>): Promise<void> {
  const wanted = [...new Set(ids)].filter((id) => !into.has(id));
  if (wanted.length === 0) return;
  const rows = await queryRows<{ id: string; name: string; driver: string }>(tx, sql`
    SELECT id, name, driver FROM processes WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray(wanted)})`);
  for (const r of rows) into.set(r.id, { id: r.id, name: r.name, driver: r.driver });
}

/** The connection an imported order came from (channel imports carry it beside the order body). */
export const processIdOf = (order: TOrderInput): string | null =>
  ((order as TOrderInput & { source?: { process_id?: string } }).source?.process_id) ?? null;
