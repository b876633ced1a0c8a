// Inventory balances and the append-only movement ledger (migration 0003_inventory.sql).
import { pgTable, uuid, text, timestamp, integer, bigint, primaryKey } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

const tenantId = () => uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' });

/** One row per stock holder SKU x iloc. Written only by ledger.ts, together with a movement. */
export const inventoryBalances = pgTable(
  'inventory_balances',
  {
    tenantId: tenantId(),
    skuId: uuid('sku_id').notNull(),
    ilocId: uuid('iloc_id').notNull(),
    qtyGood: integer('qty_good').notNull().default(0),
    qtyHold: integer('qty_hold').notNull().default(0),
    qtyHurt: integer('qty_hurt').notNull().default(0),
    qtyInTransit: integer('qty_in_transit').notNull().default(0),
    qtyReserved: integer('qty_reserved').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.skuId, t.ilocId] })],
);

/** Append-only: the app role may insert and read, never update or delete (see migrate.ts). */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    skuId: uuid('sku_id').notNull(),
    ilocId: uuid('iloc_id').notNull(),
    deltaGood: integer('delta_good').notNull().default(0),
    deltaHold: integer('delta_hold').notNull().default(0),
    deltaHurt: integer('delta_hurt').notNull().default(0),
    deltaInTransit: integer('delta_in_transit').notNull().default(0),
    deltaReserved: integer('delta_reserved').notNull().default(0),
    reason: text('reason').notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    note: text('note'),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
