import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RETURN_REASONS, seededRandom } from '@omnio/domain';
import type { Tx } from '../platform/db/client';
import { takeDocumentNumbers } from '../platform/db/document-numbers';
import { queryRows } from '../platform/db/rows';
import { takeOrderNumbers } from '../modules/orders/order-numbers';
import {
  DEMO_BRANDS, DEMO_CATEGORIES, DEMO_CHANNELS, DEMO_PLACES, DEMO_PRODUCTS, DEMO_SYNSET, FIRST_NAMES, LAST_NAMES, STREETS,
} from './demo-catalog.data';

/**
 * A year of a believable outdoor-gear seller for the demo company (SEED_DEMO, on by default): ~300 SKUs over
 * categories and brands with packs and a synset, stock in three ilocs, ~4,000 orders over 365 days across five
 * channels and seven countries with their shipments and returns, purchase orders (one received, one with an
 * ASN in transit, one sent, one draft) and a draft transfer. Written set-based, consistent by construction:
 * every balance is the sum of its movements (receipts, reservations, consumption by shipments, returns, ASN
 * in transit), every shipped line has its shipment, allocation and `consume` movement, and availability never
 * goes below zero. Deterministic (a fixed random seed) apart from the dates, which are relative to today.
 */

export interface DemoBusinessInput {
  tenantId: string;
  userId: string;
  supplierId: string;
  ilocs: { main: string; reno: string; store: string };
  now?: Date;
}

export interface DemoBusinessCounts {
  skus: number;
  orders: number;
  shipments: number;
  returns: number;
  movements: number;
}

const DAY = 86_400_000;
const HISTORY_DAYS = 365;

type Row = Record<string, unknown>;

/** Inserts rows through jsonb_to_recordset, a few thousand per statement: one round trip per chunk, not per row. */
async function insertRows(tx: Tx, table: string, columns: string, rows: Row[]): Promise<void> {
  const names = columns.split(',').map((c) => c.trim().split(/\s+/)[0]!).join(', ');
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    await tx.execute(sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names)})
      SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(${sql.raw(columns)})`);
  }
}

interface SkuPlan {
  id: string;
  sku: string;
  name: string;
  productId: string | null;
  type: 'REGULAR' | 'PACK' | 'SYNSET';
  price: number;
  weightKg: number;
  /** Units sold per day on average, before season and trend. */
  rate: number;
  season?: 'w' | 's';
  /** The SKU whose balance its sales draw on, and how many of its units one unit takes. */
  holder: string;
  factor: number;
  packBase?: string;
  packQty?: number;
  sellable: boolean;
}

interface LinePlan {
  id: string;
  sku: SkuPlan;
  qty: number;
  price: number;
}

/** A weighted pick: `items` with weights, `r` in [0, 1). */
function weighted<T>(items: readonly T[], weight: (t: T) => number, r: number): T {
  const total = items.reduce((a, t) => a + weight(t), 0);
  let x = r * total;
  for (const t of items) {
    x -= weight(t);
    if (x < 0) return t;
  }
  return items[items.length - 1]!;
}

const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);
const iso = (ms: number) => new Date(ms).toISOString();
const slug = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '').slice(0, 4);

/** Demand by month (index 0 = January) for all-season, winter and summer items. */
const SEASON: Record<'a' | 'w' | 's', number[]> = {
  a: [0.8, 0.75, 0.85, 0.95, 1.0, 1.05, 1.05, 1.0, 0.95, 1.0, 1.45, 1.6],
  w: [1.1, 0.9, 0.7, 0.5, 0.35, 0.3, 0.3, 0.35, 0.6, 1.1, 1.8, 2.0],
  s: [0.5, 0.55, 0.8, 1.1, 1.45, 1.7, 1.7, 1.45, 1.0, 0.7, 0.9, 1.1],
};
const WEEKDAY = [0.85, 1.15, 1.1, 1.05, 1.0, 0.95, 0.8]; // Sunday first

export async function seedDemoBusiness(tx: Tx, input: DemoBusinessInput): Promise<DemoBusinessCounts> {
  const rand = seededRandom(2026);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const { tenantId: t, userId, supplierId } = input;
  const now = (input.now ?? new Date()).getTime();
  const movements: Row[] = [];
  const move = (skuId: string, ilocId: string, at: number, reason: string, delta: { good?: number; hurt?: number; in_transit?: number; reserved?: number },
    reference: [string, string] | null, note: string | null = null) => {
    movements.push({
      tenant_id: t, sku_id: skuId, iloc_id: ilocId, delta_good: delta.good ?? 0, delta_hold: 0, delta_hurt: delta.hurt ?? 0,
      delta_in_transit: delta.in_transit ?? 0, delta_reserved: delta.reserved ?? 0, reason, reference_type: reference?.[0] ?? null,
      reference_id: reference?.[1] ?? null, note, user_id: null, created_at: iso(at),
    });
  };

  /* ---------------------------------------------------------------- catalog */
  const categoryIds = new Map<string, string>();
  for (const c of DEMO_CATEGORIES) categoryIds.set(c.name, randomUUID());
  await insertRows(tx, 'categories', 'tenant_id uuid, id uuid, name text, parent_id uuid', DEMO_CATEGORIES.map((c) => ({
    tenant_id: t, id: categoryIds.get(c.name), name: c.name, parent_id: c.parent ? categoryIds.get(c.parent) : null,
  })));
  const brandIds = new Map(DEMO_BRANDS.map((b) => [b, randomUUID()]));
  await insertRows(tx, 'brands', 'tenant_id uuid, id uuid, name text', DEMO_BRANDS.map((b) => ({ tenant_id: t, id: brandIds.get(b), name: b })));

  const products: Row[] = [];
  const skus: SkuPlan[] = [];
  for (const p of DEMO_PRODUCTS) {
    const productId = randomUUID();
    products.push({ tenant_id: t, id: productId, name: p.name, description: `${p.name} by ${p.brand}.`, category_id: categoryIds.get(p.category), brand_id: brandIds.get(p.brand) });
    const sizes = p.sizes ?? [null];
    const colors = p.colors ?? [null];
    const variants = sizes.length * colors.length;
    sizes.forEach((size, si) => colors.forEach((color, ci) => {
      // Middle sizes and the first colour sell best.
      const sizeWeight = sizes.length > 2 ? [0.6, 1.3, 1.3, 0.8, 0.6, 0.4][si] ?? 0.5 : 1;
      const colorWeight = colors.length > 1 ? [1.4, 1, 0.7][ci] ?? 0.6 : 1;
      const id = randomUUID();
      const code = [p.code, color ? slug(color) : null, size ? size.replace('/', '').toUpperCase().replace(/\s+/g, '') : null].filter(Boolean).join('-');
      skus.push({
        id, sku: code, name: [p.name, color, size].filter(Boolean).join(' '), productId, type: 'REGULAR', price: p.price, weightKg: p.weightKg,
        rate: (p.pop / variants) * sizeWeight * colorWeight * 0.3, season: p.season, holder: id, factor: 1, sellable: true,
      });
    }));
  }
  // Socks also sell as 3-packs: PACK SKUs whose units are the single pair's.
  for (const base of skus.filter((s) => s.sku.startsWith('SCK-'))) {
    const id = randomUUID();
    skus.push({
      id, sku: `${base.sku}-3PK`, name: `${base.name} (3-pack)`, productId: base.productId, type: 'PACK', price: 48, weightKg: 0.24,
      rate: base.rate * 0.35, season: 'w', holder: base.id, factor: 3, packBase: base.id, packQty: 3, sellable: true,
    });
  }
  // The headlamp: one SYNSET SKU holds the stock of its two makers' SKUs and is what sells.
  const lampProduct = randomUUID();
  products.push({ tenant_id: t, id: lampProduct, name: DEMO_SYNSET.name, description: 'Rechargeable, 300 lumens.', category_id: categoryIds.get('Camping'), brand_id: brandIds.get('Summit Gear') });
  const synsetId = randomUUID();
  skus.push({ id: synsetId, sku: DEMO_SYNSET.sku, name: DEMO_SYNSET.name, productId: lampProduct, type: 'SYNSET', price: DEMO_SYNSET.price,
    weightKg: DEMO_SYNSET.weightKg, rate: DEMO_SYNSET.pop * 0.3, holder: synsetId, factor: 1, sellable: true });
  const members = DEMO_SYNSET.members.map((m) => ({ ...m, id: randomUUID() }));
  for (const m of members) {
    skus.push({ id: m.id, sku: m.sku, name: m.name, productId: lampProduct, type: 'REGULAR', price: DEMO_SYNSET.price, weightKg: DEMO_SYNSET.weightKg,
      rate: 0, holder: synsetId, factor: 1, sellable: false });
  }
  await insertRows(tx, 'products', 'tenant_id uuid, id uuid, name text, description text, category_id uuid, brand_id uuid', products);
  await insertRows(tx, 'skus', 'tenant_id uuid, id uuid, product_id uuid, sku text, name text, type text, barcode text, weight numeric, length numeric, width numeric, height numeric, pack_base_sku_id uuid, pack_quantity int',
    skus.map((s, i) => ({
      tenant_id: t, id: s.id, product_id: s.productId, sku: s.sku, name: s.name, type: s.type, barcode: `0850${String(100_000 + i * 37).padStart(8, '0')}`,
      weight: s.weightKg, length: 12, width: 9, height: 3, pack_base_sku_id: s.packBase ?? null, pack_quantity: s.packQty ?? null,
    })));
  await insertRows(tx, 'synset_members', 'tenant_id uuid, synset_id uuid, member_sku_id uuid', members.map((m) => ({ tenant_id: t, synset_id: synsetId, member_sku_id: m.id })));
  await insertRows(tx, 'sku_prices', 'tenant_id uuid, sku_id uuid, code text, value numeric, currency text', skus.flatMap((s) => [
    { tenant_id: t, sku_id: s.id, code: 'RETAIL', value: money(s.price), currency: 'USD' },
    { tenant_id: t, sku_id: s.id, code: 'BUY', value: money(s.price * 0.42), currency: 'USD' },
  ]));
  const bought = skus.filter((s) => s.type === 'REGULAR');
  await insertRows(tx, 'supplier_skus', 'tenant_id uuid, supplier_id uuid, sku_id uuid, supplier_sku text, cost numeric, min_quantity int, pack_size int',
    bought.map((s) => ({ tenant_id: t, supplier_id: supplierId, sku_id: s.id, supplier_sku: `NW-${s.sku}`, cost: money(s.price * 0.42), min_quantity: 6, pack_size: null })));

  /* ---------------------------------------------------------------- customers */
  const customers: { id: string; first: string; last: string; email: string; country: string; city: string; state: string; zip: string; street: string }[] = [];
  for (let i = 0; i < 1500; i++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const region = weighted(DEMO_PLACES, (p) => p.weight, rand());
    const [city, state, zip] = pick(region.places);
    customers.push({
      id: randomUUID(), first, last, email: `${first}.${last}.${i}@example.com`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      country: region.country, city, state, zip, street: `${10 + Math.floor(rand() * 9000)} ${pick(STREETS)}`,
    });
  }
  const firstSeen = new Map<string, number>();

  /* ---------------------------------------------------------------- orders */
  const ilocs = [input.ilocs.main, input.ilocs.reno, input.ilocs.store];
  const sellable = skus.filter((s) => s.sellable);
  // Two SKUs run out in the last days: their newest orders wait as backorders.
  const outOfStock = new Set([sellable.find((s) => s.sku.startsWith('DWJ-'))!.id, sellable.find((s) => s.sku.startsWith('TN4'))!.id]);
  const plannedOrders: { at: number; lines: LinePlan[]; customer: (typeof customers)[number]; channel: (typeof DEMO_CHANNELS)[number]; iloc: string }[] = [];
  for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
    const dayStart = now - d * DAY - (now % DAY);
    const date = new Date(dayStart);
    const trend = 0.75 + 0.5 * ((HISTORY_DAYS - d) / HISTORY_DAYS);
    const month = date.getUTCMonth();
    const expected = sellable.reduce((a, s) => a + s.rate * SEASON[s.season ?? 'a'][month]!, 0) * trend * WEEKDAY[date.getUTCDay()]! / 1.9;
    // Poisson-ish count around the day's expectation.
    const count = Math.max(0, Math.round(expected + (rand() + rand() + rand() - 1.5) * Math.sqrt(expected)));
    for (let k = 0; k < count; k++) {
      const at = Math.min(now - 60_000, dayStart + Math.floor(rand() * DAY));
      const nLines = weighted([1, 2, 3], (n) => [0.6, 0.3, 0.1][n - 1]!, rand());
      const chosen = new Map<string, LinePlan>();
      while (chosen.size < nLines) {
        const sku = weighted(sellable, (s) => s.rate * SEASON[s.season ?? 'a'][month]!, rand());
        if (!chosen.has(sku.id)) chosen.set(sku.id, { id: randomUUID(), sku, qty: rand() < 0.85 ? 1 : 2, price: sku.price });
      }
      const returning = rand() < 0.35 && firstSeen.size > 50;
      const customer = returning ? customers[Math.floor(rand() * Math.min(customers.length, firstSeen.size + 50))]! : pick(customers);
      if (!firstSeen.has(customer.id)) firstSeen.set(customer.id, at);
      const channel = weighted(DEMO_CHANNELS, (c) => c.weight, rand());
      const iloc = customer.state === 'TX' && rand() < 0.3 ? input.ilocs.store : weighted(ilocs.slice(0, 2), (i) => (i === input.ilocs.main ? 62 : 38), rand());
      plannedOrders.push({ at, lines: [...chosen.values()], customer, channel, iloc });
    }
  }
  plannedOrders.sort((a, b) => a.at - b.at);
  const numbers = await takeOrderNumbers(tx, t, plannedOrders.length);

  const orders: Row[] = [];
  const lines: Row[] = [];
  const allocations: Row[] = [];
  const shipments: Row[] = [];
  const boxes: Row[] = [];
  const shipmentLines: Row[] = [];
  const returns: Row[] = [];
  const returnLines: Row[] = [];
  const events: Row[] = [];
  const event = (subjectType: string, subjectId: string, action: string, from: string | null, to: string | null, at: number, data: Row = {}) =>
    events.push({ tenant_id: t, subject_type: subjectType, subject_id: subjectId, action, from_status: from, to_status: to, user_id: null, data, created_at: iso(at) });
  const lateOpen = new Set<number>();
  // A handful of older orders never left the warehouse: the late-shipments card has something to show.
  plannedOrders.forEach((o, i) => { if (now - o.at > 4 * DAY && now - o.at < 9 * DAY && i % 23 === 0) lateOpen.add(i); });
  let shipmentCount = 0;
  let returnCount = 0;

  plannedOrders.forEach((o, i) => {
    const id = randomUUID();
    const number = numbers[i]!;
    const age = now - o.at;
    const recent = age < 2.5 * DAY;
    const r = rand();
    let status: string;
    if (lateOpen.has(i)) status = 'open';
    else if (recent) status = r < 0.72 ? 'open' : r < 0.8 ? 'on_hold' : r < 0.86 ? 'error' : r < 0.9 ? 'draft' : r < 0.95 ? 'cancelled' : 'closed';
    else status = r < 0.955 ? 'closed' : 'cancelled';
    const manual = o.channel.channel === 'manual';
    const extId = manual ? null : o.channel.externalId(i + 1);
    const domestic = o.customer.country === 'US';
    const carrier = domestic ? pick(['ups', 'usps', 'fedex']) : 'dhl';
    const method = rand() < 0.8 ? 'standard' : 'expedited';
    const address = {
      first_name: o.customer.first, last_name: o.customer.last, address1: o.customer.street, city: o.customer.city,
      state: o.customer.state || undefined, zip: o.customer.zip, country: o.customer.country,
    };
    // An order in error names a SKU the catalog does not have (a channel listing not mapped yet).
    const errorLine = status === 'error';
    const backordered = status === 'open' && o.lines.some((l) => outOfStock.has(l.sku.id));
    let subtotal = 0;
    let units = 0;
    const shipAt = Math.min(now - 30 * 60_000, o.at + (0.4 + rand() * 1.2) * DAY);
    const shipmentId = status === 'closed' ? randomUUID() : null;
    const boxId = shipmentId ? randomUUID() : null;
    o.lines.forEach((l, n) => {
      const total = l.qty * l.price;
      subtotal += total;
      units += l.qty;
      const unknown = errorLine && n === 0;
      const short = backordered && outOfStock.has(l.sku.id);
      const allocated = status === 'open' && !short ? l.qty : status === 'on_hold' ? l.qty : 0;
      lines.push({
        tenant_id: t, id: l.id, order_id: id, line_no: n + 1, sku_text: unknown ? `${l.sku.sku}-OLD` : l.sku.sku, sku_id: unknown ? null : l.sku.id,
        name: l.sku.name, quantity: l.qty, price: money(l.price), total: money(total), qty_allocated: allocated,
        qty_backordered: short ? l.qty : 0, qty_shipped: status === 'closed' ? l.qty : 0, qty_returned: 0, error_code: unknown ? 'sku_not_found' : null,
      });
      if (allocated > 0 || status === 'closed') {
        allocations.push({
          tenant_id: t, id: randomUUID(), order_id: id, line_id: l.id, sku_id: l.sku.id, iloc_id: o.iloc, quantity: l.qty,
          qty_shipped: status === 'closed' ? l.qty : 0, created_at: iso(o.at), updated_at: iso(status === 'closed' ? shipAt : o.at),
        });
        move(l.sku.holder, o.iloc, o.at, 'reserve', { reserved: l.qty * l.sku.factor }, ['order', id]);
      }
      if (shipmentId) {
        move(l.sku.holder, o.iloc, shipAt, 'consume', { good: -l.qty * l.sku.factor, reserved: -l.qty * l.sku.factor }, ['shipment', shipmentId]);
        shipmentLines.push({ tenant_id: t, id: randomUUID(), shipment_id: shipmentId, box_id: boxId, order_line_id: l.id, sku_id: l.sku.id, quantity: l.qty, qty_returned: 0 });
      }
    });
    const shipping = subtotal >= 75 && domestic ? 0 : domestic ? 6.95 : 19.95;
    const tax = domestic ? Math.round(subtotal * 0.0725 * 100) / 100 : 0;
    const fulfillment = status === 'closed' ? 'shipped'
      : backordered ? (o.lines.every((l) => outOfStock.has(l.sku.id)) ? 'backordered' : 'partially_allocated')
      : status === 'open' || status === 'on_hold' ? 'allocated' : 'unallocated';
    const closedAt = status === 'closed' ? shipAt : null;
    const cancelledAt = status === 'cancelled' ? Math.min(now - 60_000, o.at + 0.2 * DAY) : null;
    orders.push({
      tenant_id: t, id, number, channel: o.channel.channel, external_id: extId, status, fulfillment_status: fulfillment,
      error_code: errorLine ? 'sku_not_found' : null,
      error_message: errorLine ? `SKU ${o.lines[0]!.sku.sku}-OLD was not found` : null,
      customer_id: o.customer.id, customer: { first_name: o.customer.first, last_name: o.customer.last, email: o.customer.email },
      billing_address: address, shipping_address: address, currency: 'USD', subtotal: money(subtotal), discount_total: '0.00', tax_total: money(tax),
      shipping_total: money(shipping), total: money(subtotal + tax + shipping), line_count: o.lines.length, unit_count: units,
      hold_until: status === 'on_hold' ? iso(now + (1 + (i % 4)) * DAY) : null, deliver_by: iso(o.at + (method === 'expedited' ? 2 : 5) * DAY).slice(0, 10),
      ship_method: method, ship_carrier: carrier, version: status === 'closed' || status === 'cancelled' ? 3 : 1,
      created_by: manual ? userId : null, created_at: iso(o.at), updated_at: iso(closedAt ?? cancelledAt ?? o.at), closed_at: closedAt ? iso(closedAt) : null,
      cancelled_at: cancelledAt ? iso(cancelledAt) : null, notes: status === 'on_hold' ? 'Customer asked to hold until payday.' : null,
    });
    event('order', id, 'create', null, status === 'closed' || status === 'cancelled' ? 'open' : status, o.at, { channel: o.channel.channel });
    if (status === 'cancelled') event('order', id, 'cancel', 'open', 'cancelled', cancelledAt!);
    if (shipmentId) {
      shipmentCount++;
      const tracking = carrier === 'ups' ? `1Z${String(9_000_000_000_000_000 + i * 7919).slice(0, 16)}`
        : carrier === 'usps' ? `9400${String(1_000_000_000_000_000 + i * 104_729).padStart(18, '0')}`
        : carrier === 'fedex' ? String(770_000_000_000 + i * 3_571) : String(1_234_500_000 + i * 97);
      const weight = o.lines.reduce((a, l) => a + l.qty * l.sku.weightKg, 0.3);
      shipments.push({
        tenant_id: t, id: shipmentId, order_id: id, number: `${number}-S1`, status: 'shipped', iloc_id: o.iloc, carrier, ship_method: method,
        tracking, ship_date: iso(shipAt), version: 1, created_by: userId, created_at: iso(shipAt), updated_at: iso(shipAt),
      });
      boxes.push({ tenant_id: t, id: boxId, shipment_id: shipmentId, box_no: 1, length: 16, width: 12, height: weight > 2 ? 10 : 6, weight: weight.toFixed(2), tracking });
      event('order', id, 'ship', 'open', 'closed', shipAt, { shipment: `${number}-S1` });
    }
    // About one shipped order in 25 comes back: most are received and refunded, the newest still open.
    if (shipmentId && age > 6 * DAY && rand() < 0.04) {
      returnCount++;
      const line = o.lines[0]!;
      const shipLine = shipmentLines[shipmentLines.length - o.lines.length]!;
      const returnId = randomUUID();
      const reason = pick(RETURN_REASONS);
      const requestedAt = shipAt + (2 + rand() * 10) * DAY;
      const state = requestedAt > now - 5 * DAY ? (rand() < 0.5 ? 'open' : 'approved') : 'complete';
      const at = Math.min(requestedAt, now - 3_600_000);
      const hurt = state === 'complete' && (reason === 'damaged' || reason === 'defective') ? 1 : 0;
      const good = state === 'complete' ? 1 - hurt : 0;
      const receivedAt = state === 'complete' ? Math.min(now - 1_800_000, at + 4 * DAY) : null;
      returns.push({
        tenant_id: t, id: returnId, number: `RMA-${number}-1`, order_id: id, shipment_id: shipmentId, status: state,
        refund_status: state === 'complete' ? 'complete' : state === 'approved' ? 'approved' : 'open', reason, notes: null,
        iloc_id: state === 'complete' ? o.iloc : null, refund_amount: state === 'complete' ? money(line.price) : null, currency: 'USD', version: state === 'open' ? 1 : 3,
        created_by: userId, created_at: iso(at), updated_at: iso(receivedAt ?? at), received_at: receivedAt ? iso(receivedAt) : null,
      });
      returnLines.push({
        tenant_id: t, id: randomUUID(), return_id: returnId, order_line_id: line.id, shipment_line_id: shipLine.id, sku_id: line.sku.id, quantity: 1, reason,
        qty_good: good, qty_hold: 0, qty_hurt: hurt,
      });
      event('return', returnId, 'create', null, 'open', at, { order_id: id, shipment_id: shipmentId, units: 1 });
      if (receivedAt) {
        move(line.sku.holder, o.iloc, receivedAt, 'returned', { good: good * line.sku.factor, hurt: hurt * line.sku.factor }, ['return', returnId]);
        const orderLine = lines.find((l) => l.id === line.id)!;
        orderLine.qty_returned = 1;
        shipLine.qty_returned = 1;
        const shipment = shipments[shipments.length - 1]!;
        shipment.status = units === 1 ? 'returned' : 'partially_returned';
        event('return', returnId, 'receive', 'approved', 'complete', receivedAt, { good, hurt });
      }
    }
  });

  /* ---------------------------------------------------------------- purchase orders and the ASN */
  const [poDone, poTransit, poSent, poDraft] = await takeDocumentNumbers(tx, t, 'purchase_order', 'PO-', 4);
  const pos: Row[] = [];
  const poLines: Row[] = [];
  const asns: Row[] = [];
  const asnLines: Row[] = [];
  const restock = bought.filter((s) => s.rate > 0).sort((a, b) => b.rate - a.rate);
  const po = (number: string, status: string, createdAt: number, items: SkuPlan[], extra: Row = {}) => {
    const id = randomUUID();
    let subtotal = 0;
    items.forEach((s, n) => {
      const qty = Math.max(12, Math.round(s.rate * 60 / 6) * 6);
      const cost = s.price * 0.42;
      subtotal += qty * cost;
      const received = status === 'completed' ? qty : 0;
      const shipped = status === 'completed' || extra.asn ? qty : 0;
      const lineId = randomUUID();
      poLines.push({
        tenant_id: t, id: lineId, purchase_order_id: id, line_no: n + 1, sku_id: s.id, sku: s.sku, name: s.name, supplier_sku: `NW-${s.sku}`,
        quantity: qty, unit_cost: money(cost), net_price: money(qty * cost), tax: '0.00', confirmed_quantity: status === 'confirmed' || status === 'completed' ? qty : null,
        confirmed_date: null, qty_shipped: shipped, qty_received: received,
      });
      if (status === 'completed') move(s.holder, input.ilocs.main, createdAt + 16 * DAY, 'received', { good: qty }, ['purchase_order', id]);
      if (extra.asn) asnLines.push({ tenant_id: t, id: randomUUID(), shipment_id: extra.asn, line_no: n + 1, po_line_id: lineId, sku_id: s.id, sku: s.sku, qty_expected: qty });
    });
    const shipping = 85;
    pos.push({
      tenant_id: t, id, number, supplier_id: supplierId, iloc_id: input.ilocs.main, status, currency: 'USD',
      estimated_delivery: iso(createdAt + 18 * DAY).slice(0, 10), shipping_cost: money(shipping), payment_terms: 'Net 30',
      notes_to_supplier: status === 'draft' ? null : 'Please book a dock appointment 24 h ahead.', subtotal: money(subtotal), tax_total: '0.00',
      total: money(subtotal + shipping), created_by: userId, confirmed_at: status === 'draft' ? null : iso(createdAt + 3_600_000),
      sent_at: status === 'draft' ? null : iso(createdAt + 7_200_000), acknowledged_at: status === 'confirmed' || status === 'completed' ? iso(createdAt + DAY) : null,
      completed_at: status === 'completed' ? iso(createdAt + 16 * DAY) : null, created_at: iso(createdAt), updated_at: iso(createdAt + (status === 'completed' ? 16 : 1) * DAY),
    });
    event('purchase_order', id, 'create', null, 'draft', createdAt);
    return id;
  };
  po(poDone!, 'completed', now - 75 * DAY, restock.slice(0, 10));
  const asnId = randomUUID();
  const transitPo = po(poTransit!, 'confirmed', now - 9 * DAY, restock.slice(10, 18), { asn: asnId });
  po(poSent!, 'sent', now - 2 * DAY, restock.slice(18, 24));
  po(poDraft!, 'draft', now - 3_600_000, restock.slice(24, 28));
  const shippedAt = now - 3 * DAY;
  asns.push({
    tenant_id: t, id: asnId, kind: 'purchase_order', purchase_order_id: transitPo, asn_number: `ASN-${poTransit!.slice(3)}-1`, bol_number: 'BOL-558201',
    tracking_number: '1Z999AA10123456784', carrier: 'UPS Freight', ship_date: iso(shippedAt).slice(0, 10), status: 'in_transit', from_iloc_id: null,
    to_iloc_id: input.ilocs.main, created_by: userId, shipped_at: iso(shippedAt), created_at: iso(shippedAt - 3_600_000), updated_at: iso(shippedAt),
  });
  for (const l of asnLines) {
    const s = skus.find((k) => k.id === l.sku_id)!;
    move(s.holder, input.ilocs.main, shippedAt, 'in_transit', { in_transit: Number(l.qty_expected) }, ['supply_shipment', asnId]);
  }

  /* ---------------------------------------------------------------- opening stock */
  // What each balance must have held a year ago so that nothing ever went below zero, plus what is left today:
  // a few weeks of sales, little of the slow movers, nothing of the two that ran out.
  const need = new Map<string, number>();
  for (const m of movements) {
    if (m.reason === 'consume' || m.reason === 'reserve') {
      const key = `${String(m.sku_id)}|${String(m.iloc_id)}`;
      need.set(key, (need.get(key) ?? 0) + (m.reason === 'consume' ? -Number(m.delta_good) : 0) + (m.reason === 'reserve' ? 0 : 0));
    }
  }
  const reservedOpen = new Map<string, number>();
  for (const m of movements) {
    const key = `${String(m.sku_id)}|${String(m.iloc_id)}`;
    reservedOpen.set(key, (reservedOpen.get(key) ?? 0) + Number(m.delta_reserved));
  }
  const holders = skus.filter((s) => s.holder === s.id && s.type !== 'PACK' && (s.sellable || s.type === 'SYNSET'));
  const openingAt = now - (HISTORY_DAYS + 2) * DAY;
  // Six good sellers with no PO on the way are nearly gone at the main warehouse: the low-stock card's rows.
  const low = new Set(restock.slice(28, 40).filter((_, i) => i % 2 === 0).map((s) => s.id));
  for (const s of holders) {
    for (const iloc of ilocs) {
      const key = `${s.id}|${iloc}`;
      const share = iloc === input.ilocs.main ? 0.6 : iloc === input.ilocs.reno ? 0.35 : 0.08;
      const left = outOfStock.has(s.id) ? 0 : low.has(s.id) && iloc === input.ilocs.main ? Math.floor(rand() * 3) : Math.max(iloc === input.ilocs.store ? 1 : 0, Math.round(s.rate * share * (10 + rand() * 40)));
      const opening = (need.get(key) ?? 0) + (reservedOpen.get(key) ?? 0) + left;
      if (opening > 0) move(s.id, iloc, openingAt, 'received', { good: opening }, null, 'Opening stock');
    }
  }

  await insertRows(tx, 'customers', 'tenant_id uuid, id uuid, first_name text, last_name text, email text, created_at timestamptz, updated_at timestamptz',
    customers.filter((c) => firstSeen.has(c.id)).map((c) => ({
      tenant_id: t, id: c.id, first_name: c.first, last_name: c.last, email: c.email, created_at: iso(firstSeen.get(c.id)!), updated_at: iso(firstSeen.get(c.id)!),
    })));
  await insertRows(tx, 'customer_addresses', 'tenant_id uuid, customer_id uuid, kind text, is_default boolean, first_name text, last_name text, address1 text, city text, state text, zip text, country text',
    customers.filter((c) => firstSeen.has(c.id)).map((c) => ({
      tenant_id: t, customer_id: c.id, kind: 'shipping', is_default: true, first_name: c.first, last_name: c.last, address1: c.street, city: c.city,
      state: c.state || null, zip: c.zip, country: c.country,
    })));
  await insertRows(tx, 'orders', `tenant_id uuid, id uuid, number text, channel text, external_id text, status text, fulfillment_status text, error_code text,
    error_message text, customer_id uuid, customer jsonb, billing_address jsonb, shipping_address jsonb, currency text, subtotal numeric, discount_total numeric,
    tax_total numeric, shipping_total numeric, total numeric, line_count int, unit_count int, hold_until timestamptz, deliver_by date, ship_method text,
    ship_carrier text, version int, created_by uuid, created_at timestamptz, updated_at timestamptz, closed_at timestamptz, cancelled_at timestamptz, notes text`, orders);
  await insertRows(tx, 'order_lines', `tenant_id uuid, id uuid, order_id uuid, line_no int, sku_text text, sku_id uuid, name text, quantity int, price numeric,
    total numeric, qty_allocated int, qty_backordered int, qty_shipped int, qty_returned int, error_code text`, lines);
  await insertRows(tx, 'order_allocations', 'tenant_id uuid, id uuid, order_id uuid, line_id uuid, sku_id uuid, iloc_id uuid, quantity int, qty_shipped int, created_at timestamptz, updated_at timestamptz', allocations);
  await insertRows(tx, 'shipments', `tenant_id uuid, id uuid, order_id uuid, number text, status text, iloc_id uuid, carrier text, ship_method text, tracking text,
    ship_date timestamptz, version int, created_by uuid, created_at timestamptz, updated_at timestamptz`, shipments);
  await insertRows(tx, 'shipment_boxes', 'tenant_id uuid, id uuid, shipment_id uuid, box_no int, length numeric, width numeric, height numeric, weight numeric, tracking text', boxes);
  await insertRows(tx, 'shipment_lines', 'tenant_id uuid, id uuid, shipment_id uuid, box_id uuid, order_line_id uuid, sku_id uuid, quantity int, qty_returned int', shipmentLines);
  await insertRows(tx, 'returns', `tenant_id uuid, id uuid, number text, order_id uuid, shipment_id uuid, status text, refund_status text, reason text, notes text,
    iloc_id uuid, refund_amount numeric, currency text, version int, created_by uuid, created_at timestamptz, updated_at timestamptz, received_at timestamptz`, returns);
  await insertRows(tx, 'return_lines', 'tenant_id uuid, id uuid, return_id uuid, order_line_id uuid, shipment_line_id uuid, sku_id uuid, quantity int, reason text, qty_good int, qty_hold int, qty_hurt int', returnLines);
  await insertRows(tx, 'purchase_orders', `tenant_id uuid, id uuid, number text, supplier_id uuid, iloc_id uuid, status text, currency text, estimated_delivery date,
    shipping_cost numeric, payment_terms text, notes_to_supplier text, subtotal numeric, tax_total numeric, total numeric, created_by uuid, confirmed_at timestamptz,
    sent_at timestamptz, acknowledged_at timestamptz, completed_at timestamptz, created_at timestamptz, updated_at timestamptz`, pos);
  await insertRows(tx, 'purchase_order_lines', `tenant_id uuid, id uuid, purchase_order_id uuid, line_no int, sku_id uuid, sku text, name text, supplier_sku text,
    quantity int, unit_cost numeric, net_price numeric, tax numeric, confirmed_quantity int, confirmed_date date, qty_shipped int, qty_received int`, poLines);
  await insertRows(tx, 'supply_shipments', `tenant_id uuid, id uuid, kind text, purchase_order_id uuid, asn_number text, bol_number text, tracking_number text,
    carrier text, ship_date date, status text, from_iloc_id uuid, to_iloc_id uuid, created_by uuid, shipped_at timestamptz, created_at timestamptz, updated_at timestamptz`, asns);
  await insertRows(tx, 'supply_shipment_lines', 'tenant_id uuid, id uuid, shipment_id uuid, line_no int, po_line_id uuid, sku_id uuid, sku text, qty_expected int', asnLines);

  /* ---------------------------------------------------------------- a draft transfer to the store */
  const [trNumber] = await takeDocumentNumbers(tx, t, 'transfer', 'TR-');
  const transferId = randomUUID();
  await insertRows(tx, 'transfers', 'tenant_id uuid, id uuid, number text, from_iloc_id uuid, to_iloc_id uuid, status text, notes text, created_by uuid',
    [{ tenant_id: t, id: transferId, number: trNumber, from_iloc_id: input.ilocs.main, to_iloc_id: input.ilocs.store, status: 'draft', notes: 'Restock the store for the weekend.', created_by: userId }]);
  await insertRows(tx, 'transfer_lines', 'tenant_id uuid, id uuid, transfer_id uuid, line_no int, sku_id uuid, sku text, name text, quantity int',
    restock.slice(0, 4).map((s, n) => ({ tenant_id: t, id: randomUUID(), transfer_id: transferId, line_no: n + 1, sku_id: s.id, sku: s.sku, name: s.name, quantity: 6 })));

  /* ---------------------------------------------------------------- the ledger: movements, then balances as their sums */
  movements.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await insertRows(tx, 'inventory_movements', `tenant_id uuid, sku_id uuid, iloc_id uuid, delta_good int, delta_hold int, delta_hurt int, delta_in_transit int,
    delta_reserved int, reason text, reference_type text, reference_id text, note text, user_id uuid, created_at timestamptz`, movements);
  await tx.execute(sql`
    INSERT INTO inventory_balances (tenant_id, sku_id, iloc_id, qty_good, qty_hold, qty_hurt, qty_in_transit, qty_reserved, updated_at)
    SELECT tenant_id, sku_id, iloc_id, sum(delta_good), sum(delta_hold), sum(delta_hurt), sum(delta_in_transit), sum(delta_reserved), max(created_at)
    FROM inventory_movements WHERE tenant_id = ${t}::uuid GROUP BY tenant_id, sku_id, iloc_id`);
  // Reorder points on the best sellers at the main warehouse: about ten days of sales, so some show as low.
  await insertRows(tx, 'reorder_points', 'tenant_id uuid, sku_id uuid, iloc_id uuid, reorder_point int',
    restock.slice(0, 40).map((s) => ({ tenant_id: t, sku_id: s.holder, iloc_id: input.ilocs.main, reorder_point: Math.max(5, Math.round(s.rate * 0.6 * 14)) }))
      .filter((r, i, all) => all.findIndex((x) => x.sku_id === r.sku_id) === i));
  await insertRows(tx, 'status_events', 'tenant_id uuid, subject_type text, subject_id uuid, action text, from_status text, to_status text, user_id uuid, data jsonb, created_at timestamptz',
    events.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at))));

  // The rollups' triggers queued a delta per order, line and allocation: fold them now, so the first minutes of
  // a fresh start are not spent folding a year behind the reads (PGlite runs one statement at a time).
  await tx.execute(sql`SELECT dashboard_fold(10000000)`);
  const [check] = await queryRows<{ bad: number }>(tx, sql`
    SELECT count(*)::int AS bad FROM inventory_balances WHERE tenant_id = ${t}::uuid AND (qty_good < 0 OR qty_reserved < 0 OR qty_reserved > qty_good)`);
  if (Number(check?.bad) > 0) throw new Error(`demo seed: ${check!.bad} balances would be negative or over-reserved`);
  return { skus: skus.length, orders: orders.length, shipments: shipmentCount, returns: returnCount, movements: movements.length };
}
