import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { orderTransition, ZOrderInput, type OrderStatus, type TAddress, type TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import { DomainError } from '../../platform/http/errors';
import { createOrders, type SourcedOrderInput } from '../orders/order-create';
import { applyOrderAction } from '../orders/order-actions';
import type { ChannelAddress, ChannelOrder } from './connector';
import type { RunRecorder } from './run-recorder';

/**
 * Orders from a channel into the one order pipeline, and a channel's later changes to orders it already sent.
 * Used by the import action (a page at a time) and by order webhooks (one at a time), always inside the
 * caller's transaction, so the cursor or the webhook's "processed" commits with the orders.
 */

const money = (v: string | null | undefined) => {
  try {
    return new Decimal(v ?? '0').toDecimalPlaces(2).abs().toFixed(2);
  } catch {
    return '0.00';
  }
};

/** A channel's shipping title, as one of Omnio's service methods (spec 9: standard, expedited, express). */
export function shipMethodOf(title: string | null): string | null {
  if (!title) return null;
  if (/express|overnight|next[ -]?day|same[ -]?day/i.test(title)) return 'express';
  if (/expedit|priority|2[ -]?day|two[ -]?day|rush/i.test(title)) return 'expedited';
  return 'standard';
}

const clip = (v: string | undefined | null, max: number) => (v ? v.slice(0, max) : undefined);

function address(a: ChannelAddress | null): TAddress | null {
  if (!a) return null;
  return {
    first_name: clip(a.first_name, 100), last_name: clip(a.last_name, 100), company: clip(a.company, 200), address1: clip(a.address1, 200),
    address2: clip(a.address2, 200), city: clip(a.city, 100), state: clip(a.state, 100), zip: clip(a.zip, 20), country: clip(a.country, 60),
    phone: clip(a.phone, 40),
  };
}

/** The channel's order as a pipeline input: channel = driver, external_id = the channel's own id. */
export function toOrderInput(driver: string, order: ChannelOrder, ilocId: string | null): TOrderInput {
  return {
    external_id: order.externalId,
    channel: driver,
    customer: order.customer ? {
      first_name: clip(order.customer.first_name, 100), last_name: clip(order.customer.last_name, 100),
      email: clip(order.customer.email ?? order.email, 254), phone: clip(order.customer.phone ?? order.phone, 40),
    } : order.email ? { email: clip(order.email, 254) } : null,
    shipping_address: address(order.shippingAddress),
    billing_address: address(order.billingAddress),
    currency: order.currency ?? undefined,
    shipping: money(order.shipping),
    notes: clip(order.note, 5000) ?? null,
    ship_method: shipMethodOf(order.shipMethod),
    metadata: {
      channel_name: order.name, channel_created_at: order.createdAt, email: order.email, financial_status: order.financialStatus,
      fulfillment_status: order.fulfillmentStatus, tags: order.tags, shipping_title: order.shipMethod,
    },
    lines: order.lines.map((l) => ({
      sku: l.sku.trim() || '', quantity: l.quantity, price: money(l.price), discount: l.discount ? money(l.discount) : undefined,
      tax: l.tax ? money(l.tax) : undefined, name: clip(l.name, 300) ?? null, iloc_id: ilocId,
    })),
  };
}

interface StoredOrder {
  id: string;
  external_id: string;
  status: OrderStatus;
  channel_updated_at: Date | string | null;
  shipping_address: TAddress | null;
  shipped: number | string;
}

/** Field by field over what is set: jsonb keeps its own key order, and an absent field equals an empty one. */
function sameAddress(a: TAddress | null, b: TAddress | null): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]) as Set<keyof TAddress>;
  for (const key of keys) if ((a?.[key] ?? '') !== (b?.[key] ?? '')) return false;
  return true;
}
const time = (v: Date | string | null) => (v === null ? -Infinity : new Date(v).getTime());

export interface IntakeOptions {
  driver: string;
  processId: string;
  userId: string | null;
  ilocId: string | null;
}

/**
 * Takes a batch of channel orders: new ones through createOrders (idempotent on channel + external id),
 * known ones compared with what was imported (only a newer channel version is applied: cancelled, address
 * changed before shipping). Counts every order once in the recorder.
 */
export async function takeOrders(tx: Tx, tenantId: string, opts: IntakeOptions, orders: ChannelOrder[], rec: RunRecorder): Promise<void> {
  if (!orders.length) return;
  // The same order twice in one page (it changed while we paged): the newest wins.
  const latest = new Map<string, ChannelOrder>();
  for (const o of orders) {
    const seen = latest.get(o.externalId);
    if (!seen || time(o.updatedAt) >= time(seen.updatedAt)) latest.set(o.externalId, o);
  }
  rec.count('duplicates', orders.length - latest.size);
  rec.count('received', orders.length - latest.size);
  const list = [...latest.values()];
  const stored = await queryRows<StoredOrder>(tx, sql`
    SELECT o.id, o.external_id, o.status, o.channel_updated_at, o.shipping_address,
      (SELECT coalesce(sum(l.qty_shipped), 0) FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id) AS shipped
    FROM orders o WHERE o.tenant_id = ${tenantId}::uuid AND o.channel = ${opts.driver}
      AND o.external_id = ANY(${textArray(list.map((o) => o.externalId))}::text[])`);
  const byExternal = new Map(stored.map((s) => [s.external_id, s]));

  const fresh: { order: ChannelOrder; input: SourcedOrderInput }[] = [];
  for (const order of list) {
    rec.count('received');
    const known = byExternal.get(order.externalId);
    if (known) {
      await applyChange(tx, tenantId, opts, known, order, rec);
      continue;
    }
    const parsed = ZOrderInput.safeParse(toOrderInput(opts.driver, order, opts.ilocId));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      rec.count('failed');
      rec.error({ external_id: order.externalId, code: 'order_invalid', message: `${issue?.path.join('.') || 'order'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    fresh.push({ order, input: { ...parsed.data, source: { process_id: opts.processId, channel_updated_at: order.updatedAt, channel_ref: order.ref ?? null } } });
  }
  if (!fresh.length) return;

  const results = await createOrders(tx, tenantId, opts.userId, fresh.map((f) => f.input));
  const cancelled: string[] = [];
  for (const r of results) {
    const { order } = fresh[r.index]!;
    if (r.duplicate) {
      // Another import (a webhook racing this run) took it first.
      rec.count('duplicates');
      continue;
    }
    if (r.status === 'error') {
      rec.count('failed');
      rec.error({ external_id: order.externalId, code: r.error_code ?? 'error', message: r.error_message ?? 'The order was kept in error' });
    } else {
      rec.count('created');
    }
    if (order.cancelled && orderTransition(r.status, 'cancel')) cancelled.push(r.id);
  }
  // An order the channel had cancelled before we ever saw it: kept, visible, and cancelled (its stock freed).
  for (const id of cancelled) await applyOrderAction(tx, tenantId, { userId: opts.userId }, id, 'cancel');
}

/** A known order: applies the channel's newer version where the order's status allows, else reports why not. */
async function applyChange(tx: Tx, tenantId: string, opts: IntakeOptions, known: StoredOrder, order: ChannelOrder, rec: RunRecorder): Promise<void> {
  // Strictly older only: the service's timestamps have second precision, so a change within the same second
  // as the last one seen carries the same updated_at and must still be looked at (applying it again is harmless).
  if (time(order.updatedAt) < time(known.channel_updated_at)) {
    rec.count('duplicates');
    return;
  }
  const refused: string[] = [];
  let changed = false;
  if (order.cancelled && known.status !== 'cancelled') {
    if (orderTransition(known.status, 'cancel')) {
      try {
        await applyOrderAction(tx, tenantId, { userId: opts.userId }, known.id, 'cancel');
        changed = true;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        refused.push(`not cancelled: ${err.message}`);
      }
    } else {
      refused.push(`cancelled at the channel, but the order is ${known.status.replace('_', ' ')} here`);
    }
  }
  const newAddress = address(order.shippingAddress);
  if (!order.cancelled && newAddress && !sameAddress(newAddress, known.shipping_address)) {
    if (Number(known.shipped) === 0 && orderTransition(known.status, 'edit')) {
      await tx.execute(sql`
        UPDATE orders SET shipping_address = ${JSON.stringify(newAddress)}::jsonb, updated_at = now(), version = version + 1
        WHERE tenant_id = ${tenantId}::uuid AND id = ${known.id}::uuid`);
      changed = true;
    } else {
      refused.push('the shipping address changed at the channel, but the order has shipped or is closed here');
    }
  }
  await tx.execute(sql`
    UPDATE orders SET channel_updated_at = ${order.updatedAt}::timestamptz, channel_ref = coalesce(${order.ref ? JSON.stringify(order.ref) : null}::jsonb, channel_ref)
    WHERE tenant_id = ${tenantId}::uuid AND id = ${known.id}::uuid`);
  if (refused.length) {
    rec.count('failed');
    rec.error({ external_id: order.externalId, code: 'order_update_refused', message: refused.join('; ') });
  } else {
    rec.count(changed ? 'updated' : 'duplicates');
  }
}
