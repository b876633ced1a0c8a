import { sql } from 'drizzle-orm';
import {
  allowedSubscriptionActions, planTotals, shownSubscriptionStatus, SUBSCRIPTION_REALTIME_EVENT, type ExtraLineDto, type PlanLineDto,
  type StoredSubscriptionStatus, type SubscriptionDto, type SubscriptionEventType, type SubscriptionStatus,
} from '@omnio/domain';
import type { Queryable, Tx } from '../../platform/db/client';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import type { Config } from '../../platform/config';
import { fieldError } from '../../platform/http/errors';
import { publishRealtime, tenantChannel } from '../../platform/realtime/publish';
import { loadPriceInfo, type PriceInfo } from './billing-products.service';

/**
 * The records every billing path shares (the subscription services, the checkout confirmation, the provider
 * sync): reading a subscription, its API view, and writing a change together with its event and realtime
 * message, in the caller's tenant transaction.
 */

export interface ExtraLine {
  price_id: string;
  quantity: number;
}

export interface SubscriptionRow {
  id: string;
  status: StoredSubscriptionStatus;
  provider: 'manual' | 'stripe';
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  plan_price_id: string;
  extras: ExtraLine[];
  canceled_at: string | null;
  current_period_start: string;
  current_period_end: string;
  created_at: string;
  updated_at: string;
}

export type PlanLineView = PlanLineDto;
export type ExtraLineView = ExtraLineDto;
export type SubscriptionView = SubscriptionDto;

const SUB_COLUMNS = sql`id, status, provider, provider_subscription_id, provider_customer_id, plan_price_id, extras, canceled_at,
  current_period_start, current_period_end, created_at, updated_at`;

function toRow(r: Record<string, unknown>): SubscriptionRow {
  return {
    ...(r as unknown as SubscriptionRow),
    extras: ((r.extras ?? []) as ExtraLine[]).map((e) => ({ price_id: e.price_id, quantity: Number(e.quantity) })),
    canceled_at: isoOrNull(r.canceled_at),
    current_period_start: isoOrNull(r.current_period_start)!,
    current_period_end: isoOrNull(r.current_period_end)!,
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
  };
}

/** The tenant's subscription row (ended ones too); `lock` takes the row for a change. */
export async function loadSubscriptionRow(db: Queryable, tenantId: string, options: { lock?: boolean } = {}): Promise<SubscriptionRow | null> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`
    SELECT ${SUB_COLUMNS} FROM subscriptions WHERE tenant_id = ${tenantId}::uuid ${options.lock ? sql`FOR UPDATE` : sql``}`);
  return row ? toRow(row) : null;
}

/**
 * Spec 4 status of a row: a cancelled subscription keeps working until its period ends, then it has ended
 * and the company is unsubscribed ('none') even before the daily job marks the row.
 */
export function effectiveStatus(row: SubscriptionRow | null, now = new Date()): SubscriptionStatus {
  if (!row) return 'none';
  if (row.status === 'canceled' && Date.parse(row.current_period_end) <= now.getTime()) return 'none';
  return shownSubscriptionStatus(row.status);
}

function line(info: PriceInfo | undefined, priceId: string): PlanLineView {
  return {
    product_id: info?.product_id ?? '', price_id: priceId, provider_id: info?.provider_id ?? null, name: info?.name ?? '',
    unit_amount: info?.unit_amount ?? 0, orders: info?.orders ?? 0,
  };
}

/** Plan and extras with their names, amounts and orders, and the spec 9 totals of them. */
export async function priceLines(db: Queryable, planPriceId: string, extras: readonly ExtraLine[]) {
  const info = await loadPriceInfo(db, [planPriceId, ...extras.map((e) => e.price_id)]);
  const plan = line(info.get(planPriceId), planPriceId);
  const extraViews = extras.map((e) => ({ ...line(info.get(e.price_id), e.price_id), quantity: e.quantity }));
  return { plan, extras: extraViews, totals: planTotals(plan, extraViews) };
}

/** The API shape (docs/api-billing.md), or null when the company has no running subscription. */
export async function subscriptionView(db: Queryable, row: SubscriptionRow | null): Promise<SubscriptionView | null> {
  const status = effectiveStatus(row);
  if (!row || status === 'none') return null;
  const lines = await priceLines(db, row.plan_price_id, row.extras);
  return {
    id: row.id, status, provider: row.provider, ...lines,
    canceled_at: row.canceled_at, current_period_start: row.current_period_start, current_period_end: row.current_period_end,
    allowed_actions: allowedSubscriptionActions(status), created_at: row.created_at, updated_at: row.updated_at,
  };
}

/** The tenant's subscription as GET /billing/subscription answers it. */
export async function currentSubscription(db: Queryable, tenantId: string): Promise<SubscriptionView | null> {
  return subscriptionView(db, await loadSubscriptionRow(db, tenantId));
}

/**
 * Records the event row and publishes `subscription-event` on the tenant channel, both in the caller's
 * transaction (a rolled-back change announces nothing). Answers the subscription as it is now.
 */
export async function recordSubscriptionEvent(
  tx: Tx, tenantId: string, event: { type: SubscriptionEventType; message: string; userId: string | null; data?: Record<string, unknown> },
): Promise<SubscriptionView | null> {
  const row = await loadSubscriptionRow(tx, tenantId);
  const subscription = await subscriptionView(tx, row);
  await tx.execute(sql`
    INSERT INTO subscription_events (tenant_id, subscription_id, type, message, data, created_by)
    VALUES (${tenantId}::uuid, ${row?.id ?? null}::uuid, ${event.type}, ${event.message}, ${JSON.stringify(event.data ?? {})}::jsonb,
      ${event.userId}::uuid)`);
  await publishRealtime(tx, [{
    channel: tenantChannel(tenantId), event: SUBSCRIPTION_REALTIME_EVENT, data: { type: event.type, message: event.message, subscription },
  }]);
  return subscription;
}

export interface SubscriptionWrite {
  status: StoredSubscriptionStatus;
  provider: 'manual' | 'stripe';
  planPriceId: string;
  extras: ExtraLine[];
  canceledAt: Date | string | null;
  /** null: keep the row's period (a new row starts now and runs a month). */
  periodStart?: Date | string | null;
  periodEnd?: Date | string | null;
  providerSubscriptionId?: string | null;
  providerCustomerId?: string | null;
}

const isoArg = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());

/**
 * Writes the tenant's one subscription row: inserts it, or rewrites the existing one (subscribing again after
 * the end reuses the row). A new period, when not given, starts now and runs one calendar month. A new
 * subscription drops the old provider subscription id (it ended) but keeps the provider customer.
 */
export async function writeSubscription(tx: Tx, tenantId: string, w: SubscriptionWrite, options: { newPeriod: boolean }): Promise<void> {
  const start = isoArg(w.periodStart);
  const end = isoArg(w.periodEnd);
  const periodStart = options.newPeriod ? sql`coalesce(${start}::timestamptz, now())` : sql`coalesce(${start}::timestamptz, subscriptions.current_period_start)`;
  const periodEnd = options.newPeriod ? sql`coalesce(${end}::timestamptz, now() + interval '1 month')` : sql`coalesce(${end}::timestamptz, subscriptions.current_period_end)`;
  const extras = JSON.stringify(w.extras);
  await tx.execute(sql`
    INSERT INTO subscriptions (tenant_id, status, provider, provider_subscription_id, provider_customer_id, plan_price_id, extras, canceled_at,
      current_period_start, current_period_end, ended_at)
    VALUES (${tenantId}::uuid, ${w.status}, ${w.provider}, ${w.providerSubscriptionId ?? null}, ${w.providerCustomerId ?? null}, ${w.planPriceId}::uuid,
      ${extras}::jsonb, ${isoArg(w.canceledAt)}::timestamptz, coalesce(${start}::timestamptz, now()),
      coalesce(${end}::timestamptz, now() + interval '1 month'), ${w.status === 'ended' ? sql`now()` : sql`NULL`})
    ON CONFLICT (tenant_id) DO UPDATE SET status = EXCLUDED.status, provider = EXCLUDED.provider,
      provider_subscription_id = ${options.newPeriod ? sql`EXCLUDED.provider_subscription_id` : sql`coalesce(EXCLUDED.provider_subscription_id, subscriptions.provider_subscription_id)`},
      provider_customer_id = coalesce(EXCLUDED.provider_customer_id, subscriptions.provider_customer_id),
      plan_price_id = EXCLUDED.plan_price_id, extras = EXCLUDED.extras, canceled_at = EXCLUDED.canceled_at,
      current_period_start = ${periodStart}, current_period_end = ${periodEnd}, ended_at = EXCLUDED.ended_at, updated_at = now()`);
}

/** Extras keyed by price with their quantities summed (order of first appearance kept). */
export function normalizeExtras(extras: readonly ExtraLine[]): ExtraLine[] {
  const out = new Map<string, number>();
  for (const e of extras) out.set(e.price_id.toLowerCase(), (out.get(e.price_id.toLowerCase()) ?? 0) + e.quantity);
  return [...out].map(([price_id, quantity]) => ({ price_id, quantity }));
}

/**
 * returnUrl / cancelUrl (docs/api-billing.md): a path of this app or an absolute URL on APP_URL, never
 * anywhere else (no open redirect). Answers the value as given, or the fallback.
 */
export function checkedAppUrl(config: Pick<Config, 'appUrl'>, value: string | undefined, field: string, fallback = '/billing'): string {
  if (value === undefined || value === '') return fallback;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === new URL(config.appUrl).origin) return value;
  } catch {
    // not a URL at all: refused below
  }
  throw fieldError(field, 'Use a page of this app');
}

/** What a provider needs: an absolute URL. */
export const absoluteAppUrl = (config: Pick<Config, 'appUrl'>, value: string) => (value.startsWith('/') ? `${config.appUrl}${value}` : value);
