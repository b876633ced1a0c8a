import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/** Drizzle mirror of migration 0020_billing.sql (the SQL is the truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const billingProducts = pgTable('billing_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  providerId: text('provider_id'),
  data: jsonb('data').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const billingPrices = pgTable('billing_prices', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id').notNull().references(() => billingProducts.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  providerId: text('provider_id'),
  unitAmount: integer('unit_amount').notNull(),
  currency: text('currency').notNull().default('usd'),
  nickname: text('nickname').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').notNull(),
    provider: text('provider').notNull().default('manual'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    planPriceId: uuid('plan_price_id').notNull(),
    extras: jsonb('extras').notNull().default([]),
    canceledAt: ts('canceled_at'),
    currentPeriodStart: ts('current_period_start').notNull().defaultNow(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    endedAt: ts('ended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    status: text('status').notNull().default('open'),
    provider: text('provider').notNull(),
    planPriceId: uuid('plan_price_id').notNull(),
    extras: jsonb('extras').notNull().default([]),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    providerSessionId: text('provider_session_id'),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    subscriptionId: uuid('subscription_id'),
    type: text('type').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').notNull().default({}),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const billingUsage = pgTable(
  'billing_usage',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    orders: integer('orders').notNull().default(0),
    limitNotifiedAt: ts('limit_notified_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period] })],
);
