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
  return { flows: read.flows as unknown as RunnableFlow[], ilocs: ilocFactsOf(read.ilocs) };
}

/**
 * A condition for a statement of the import's first read: true only when the company has active flows at the
 * hook, so a company without rules reads nothing more for them.
 */
const withActiveFlows = (tenantId: string, hook: FlowHookPoint) =>
  sql`EXISTS (SELECT 1 FROM rule_flows WHERE tenant_id = ${tenantId}::uuid AND hook_point = ${hook} AND status = 'active')`;

/** The company's iLocs as the engine sees them; `onlyWithFlowsAt`: for the import's first read. */
export const ilocFactsSql = (tenantId: string, onlyWithFlowsAt?: FlowHookPoint) => sql`
  SELECT id, name, priority, country, region, postal_code, (status = 'ACTIVE' AND archived_at IS NULL) AS ships
  FROM ilocs WHERE tenant_id = ${tenantId}::uuid${onlyWithFlowsAt ? sql` AND ${withActiveFlows(tenantId, onlyWithFlowsAt)}` : sql``}
  ORDER BY priority, name`;

export const ilocFactsOf = (rows: readonly Record<string, unknown>[]): IlocFacts[] => rows.map((r) => ({
  id: String(r.id), name: String(r.name), priority: Number(r.priority), country: (r.country as string | null) ?? null,
  region: (r.region as string | null) ?? null, postal_code: (r.postal_code as string | null) ?? null, ships: Boolean(r.ships),
}));

export async function readIlocFacts(tx: Tx, tenantId: string): Promise<IlocFacts[]> {
  return ilocFactsOf(await queryRows<Record<string, unknown>>(tx, ilocFactsSql(tenantId)));
}

/**
 * What of the catalog the flows read: `skus` the SKUs' facts or stock at all (else they are not loaded), `groups`
 * a product's category or brand (two joins the other facts do without).
 */
export function skuFactsNeeded(flows: readonly { nodes: TFlowNode[] }[]): { skus: boolean; groups: boolean } {
  let skus = false;
  let groups = false;
  for (const f of flows) {
    const text = JSON.stringify(f.nodes);
    skus ||= text.includes('"sku.') || text.includes('"order.weight"') || text.includes('"stock"') || text.includes('"split"');
    groups ||= text.includes('"sku.category"') || text.includes('"sku.brand"');
  }
  return { skus, groups };
}

export const factKey = (code: string) => code.trim().toLowerCase();

interface Catalog { name: string; weight: number | null; barcode: string | null }
const catalogOf = (r: Record<string, unknown>): Catalog =>
  ({ name: String(r.name), weight: r.weight === null || r.weight === undefined ? null : Number(r.weight), barcode: (r.barcode as string | null) ?? null });

/**
 * The catalog facts of the orders' SKU codes, keyed by factKey(code): name, type, category, brand, weight,
 * barcode and the units available per iLoc in units of the SKU as sold. On import the SKUs by exact code, their
 * stock and their own columns came with the first read (`known`: its SKU rows carry name, weight and barcode);
 * what that did not cover is read here, the product's category and brand only when a flow reads them (`groups`).
 */
export async function readSkuFacts(
  tx: Tx, tenantId: string, codes: string[], into: Map<string, SkuFacts>, groups: boolean,
  known?: Pick<HookIntake, 'skus' | 'balances'>,
): Promise<void> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter((c) => c.length > 0 && c.length <= 64 && !into.has(factKey(c))))];
  if (wanted.length === 0) return;
  // The import's first read resolved the exact codes (exactRows: no statement unless a code needs its alias).
  const resolved = await resolveSkuCodes(tx, tenantId, wanted, {}, known?.skus);
  if (resolved.size === 0) return;
  const catalog = new Map<string, Catalog>();
  // A row read without exactSkusSql's catalog columns leaves its SKU to the details statement below.
  for (const r of known?.skus ?? []) if (r.name !== undefined) catalog.set(r.id as string, catalogOf(r));
  const ids = [...new Set([...resolved.values()].map((r) => r.id))];
  const uncovered = ids.filter((id) => !catalog.has(id));
  const holders = [...new Set([...resolved.values()].map((r) => r.holderId))].filter((h) => !known?.balances.holders.has(h));
  const parts: Partial<Record<'details' | 'stock', SQL>> = {};
  if (groups || uncovered.length) {
    parts.details = sql`
      SELECT s.id, s.name, s.weight, s.barcode${groups ? sql`, c.name AS category, b.name AS brand` : sql``}
      FROM skus s
      ${groups ? sql`LEFT JOIN products p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
      LEFT JOIN categories c ON c.tenant_id = p.tenant_id AND c.id = p.category_id
      LEFT JOIN brands b ON b.tenant_id = p.tenant_id AND b.id = p.brand_id` : sql``}
      WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ANY(${uuidArray(groups ? ids : uncovered)})`;
  }
  if (holders.length) {
    parts.stock = sql`
      SELECT sku_id, iloc_id, qty_good - qty_reserved AS available FROM inventory_balances
      WHERE tenant_id = ${tenantId}::uuid AND sku_id = ANY(${uuidArray(holders)})`;
  }
  const read = Object.keys(parts).length ? await queryTogether(tx, parts as Record<'details' | 'stock', SQL>) : { details: [], stock: [] };
  for (const r of read.details ?? []) catalog.set(String(r.id), catalogOf(r));
  const groupOf = new Map((read.details ?? []).map((r) => [String(r.id), r]));
  // A batch's balances are thousands of rows: grouped by holder as [iloc, units] pairs, the iLoc ids as one
  // string each (a fresh string per row would be hashed into V8's string table again for every property set).
  const ilocKey = new Map<string, string>();
  const stock = new Map<string, [string, number][]>();
  const addStock = (rows: readonly Record<string, unknown>[]) => {
    for (const b of rows) {
      const holder = b.sku_id as string;
      const raw = b.iloc_id as string;
      let iloc = ilocKey.get(raw);
      if (iloc === undefined) ilocKey.set(raw, (iloc = raw));
      let at = stock.get(holder);
      if (!at) stock.set(holder, (at = []));
      at.push([iloc, Number(b.available)]);
    }
  };
  if (read.stock) addStock(read.stock);
  if (known) addStock(known.balances.rows);
  for (const [code, r] of resolved) {
    const g = groupOf.get(r.id);
    const factor = Math.max(r.factor, 1);
    const availableByIloc: Record<string, number> = {};
    for (const [iloc, units] of stock.get(r.holderId) ?? []) availableByIloc[iloc] = units > 0 ? Math.floor(units / factor) : 0;
    const own = catalog.get(r.id);
    into.set(factKey(code), {
      sku: r.sku, name: own?.name ?? r.sku, type: r.type, category: (g?.category as string | null | undefined) ?? null,
      brand: (g?.brand as string | null | undefined) ?? null, weight: own?.weight ?? null, barcode: own?.barcode ?? null, availableByIloc,
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
