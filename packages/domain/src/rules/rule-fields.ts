import type { TOrderInput, TOrderLineInput } from '../orders';
import type { FlowFacts, SkuFacts } from './rule-evaluate';
import { decMul, decOf, decToNumber } from './rule-values';

/**
 * How a condition reads the order: the catalog's field keys mapped onto TOrderInput and the facts the
 * server gathered (SKUs, iLocs, the connection). Money is added up as decimals, as the import does
 * (orderTotals in the server), so a rule sees the total the order will show.
 */

export const skuKey = (sku: string): string => sku.trim().toLowerCase();

export function lineSku(line: TOrderLineInput, facts: FlowFacts): SkuFacts | null {
  return facts.skus.get(skuKey(line.sku)) ?? null;
}

const lineQty = (line: TOrderLineInput): number => (Number.isFinite(line.quantity) ? line.quantity : 0);

/** price × quantity − discount + tax, in millionths. */
export function lineTotalDec(line: TOrderLineInput): bigint {
  return decMul(decOf(line.price), decOf(lineQty(line))) - decOf(line.discount) + decOf(line.tax);
}

/** Units the iLocs that ship have of the line's SKU (0 when the SKU is unknown). */
export function skuAvailable(sku: SkuFacts | null, facts: FlowFacts): number {
  if (!sku) return 0;
  let sum = 0;
  for (const iloc of facts.ilocs) if (iloc.ships) sum += sku.availableByIloc[iloc.id] ?? 0;
  return sum;
}

export function orderUnits(order: TOrderInput): number {
  return order.lines.reduce((n, l) => n + (Number.isInteger(l.quantity) && l.quantity > 0 ? l.quantity : 0), 0);
}

function orderTotal(order: TOrderInput): bigint {
  return order.lines.reduce((sum, l) => sum + lineTotalDec(l), 0n) + decOf(order.shipping);
}

function orderSubtotal(order: TOrderInput): bigint {
  return order.lines.reduce((sum, l) => sum + decMul(decOf(l.price), decOf(lineQty(l))), 0n);
}

/** Σ sku.weight × quantity; an unknown weight counts as 0. */
function orderWeight(order: TOrderInput, facts: FlowFacts): bigint {
  return order.lines.reduce((sum, l) => sum + decMul(decOf(lineSku(l, facts)?.weight ?? 0), decOf(lineQty(l))), 0n);
}

const pick = (obj: unknown, key: string): unknown =>
  obj !== null && typeof obj === 'object' && Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;

/**
 * The computed order fields (totals, weight) of the order being evaluated, kept until an action changes it:
 * twenty flows reading the total would otherwise add the lines up twenty times per order. One order at a
 * time (evaluation is synchronous and works on its own copy): a weak map of every order a batch evaluated
 * cost the garbage collector more than the sums.
 */
let computedOf: TOrderInput | null = null;
let computed = new Map<string, unknown>();

const LINE_ILOC = /^lines\[\d+\]\.iloc_id$/;

/**
 * Forgets the computed fields of an order an action has just changed, unless no change can move them: they
 * are sums over the lines and the shipping, so routing a line or setting a tag, a note or a ship method keeps them.
 */
export function forgetComputedFields(order: TOrderInput, changes?: readonly { path: string }[]): void {
  if (changes) {
    let moves = false;
    for (const c of changes) {
      if ((c.path.startsWith('lines') && !LINE_ILOC.test(c.path)) || c.path.startsWith('shipping')) {
        moves = true;
        break;
      }
    }
    if (!moves) return;
  }
  if (computedOf === order) computedOf = null;
}

function computedField(order: TOrderInput, key: string, compute: () => unknown): unknown {
  if (computedOf !== order) {
    computedOf = order;
    computed = new Map();
  }
  if (!computed.has(key)) computed.set(key, compute());
  return computed.get(key);
}

export type OrderReader = (order: TOrderInput, facts: FlowFacts) => unknown;
export type LineReader = (line: TOrderLineInput, facts: FlowFacts) => unknown;

/** An order-scope field's reader, the key resolved once (its value null/undefined when the order has none). */
export function orderReader(key: string): OrderReader {
  if (key.startsWith('metadata.')) {
    const name = key.slice('metadata.'.length);
    return (order) => pick(order.metadata, name);
  }
  const [scope, name = ''] = key.split('.', 2) as [string, string?];
  switch (scope) {
    case 'order':
      switch (name) {
        case 'total': return (order) => computedField(order, key, () => decToNumber(orderTotal(order)));
        case 'subtotal': return (order) => computedField(order, key, () => decToNumber(orderSubtotal(order)));
        case 'shipping': return (order) => order.shipping ?? null;
        case 'units': return (order) => computedField(order, key, () => orderUnits(order));
        case 'line_count': return (order) => order.lines.length;
        case 'weight': return (order, facts) => computedField(order, key, () => decToNumber(orderWeight(order, facts)));
        case 'tags': return (order) => {
          const tags = pick(order.metadata, 'tags');
          return Array.isArray(tags) ? tags : tags === undefined || tags === null ? [] : [tags];
        };
        case 'created_at': return (_order, facts) => facts.now.toISOString();
        default: return (order) => pick(order, name);
      }
    case 'customer':
    case 'shipping_address':
    case 'billing_address':
      return (order) => pick(order[scope], name);
    case 'process':
      return (_order, facts) => (facts.process ? pick(facts.process, name) : null);
    default:
      return () => undefined;
  }
}

/** A line-scope field's reader for one line (`sku.*` null when the SKU is not in the catalog). */
export function lineReader(key: string): LineReader {
  const [scope, name = ''] = key.split('.', 2) as [string, string?];
  if (scope === 'line') {
    switch (name) {
      case 'total': return (line) => decToNumber(lineTotalDec(line));
      case 'price': return (line) => line.price ?? null;
      default: return (line) => pick(line, name);
    }
  }
  if (scope === 'sku') {
    return (line, facts) => {
      const sku = lineSku(line, facts);
      if (!sku) return null;
      return name === 'available' ? skuAvailable(sku, facts) : pick(sku, name);
    };
  }
  return () => undefined;
}

/** A line field as a number for custom_sum, its reader made once (sku.weight is per unit, so it is multiplied by the quantity). */
export function lineSumTerm(key: string): (line: TOrderLineInput, facts: FlowFacts) => bigint {
  if (key === 'sku.weight') return (line, facts) => decMul(decOf(lineSku(line, facts)?.weight ?? 0), decOf(lineQty(line)));
  if (key === 'line.total') return (line) => lineTotalDec(line);
  const read = lineReader(key);
  return (line, facts) => decOf(read(line, facts));
}
