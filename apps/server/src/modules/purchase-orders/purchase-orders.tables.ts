import { pgTable, uuid, text, timestamp, primaryKey, integer, numeric, date } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/**
 * Typed columns of purchase orders for list filters and sorting (platform/db/list-query.ts needs column
 * types); writes are set-based SQL (po-write.ts). The SQL in migrations/0009_supply_chain.sql is the truth.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    ilocId: uuid('iloc_id').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    estimatedDelivery: date('estimated_delivery'),
    shippingCost: numeric('shipping_cost').notNull(),
    subtotal: numeric('subtotal').notNull(),
    taxTotal: numeric('tax_total').notNull(),
    total: numeric('total').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    skuId: uuid('sku_id'),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    qtyShipped: integer('qty_shipped').notNull(),
    qtyReceived: integer('qty_received').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
