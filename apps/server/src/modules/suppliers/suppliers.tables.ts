import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  createdColumn as created, idColumn, partyAddressColumns, partyContactColumns, tenantIdColumn as tenantId, updatedColumn as updated,
} from '../parties/parties.tables';

/** Drizzle views of suppliers (migrations 0001 and 0009_supply_chain.sql; the SQL is the truth). */

/** Tenant-owned; supplier users (company_users.supplier_id) are bound to one of these. */
export const suppliers = pgTable(
  'suppliers',
  {
    tenantId: tenantId(),
    id: idColumn(),
    name: text('name').notNull(),
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    paymentTerms: text('payment_terms'),
    minOrder: numeric('min_order', { precision: 14, scale: 2 }),
    leadTimeDays: integer('lead_time_days'),
    currency: text('currency').notNull().default('USD'),
    groupId: uuid('group_id'),
    notes: text('notes'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const supplierAddresses = pgTable(
  'supplier_addresses',
  { ...partyAddressColumns(), supplierId: uuid('supplier_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const supplierContacts = pgTable(
  'supplier_contacts',
  { ...partyContactColumns(), supplierId: uuid('supplier_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Per SKU the supplier's own code, cost and minimum quantity. */
export const supplierSkus = pgTable(
  'supplier_skus',
  {
    tenantId: tenantId(),
    supplierId: uuid('supplier_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    supplierSku: text('supplier_sku'),
    cost: numeric('cost', { precision: 14, scale: 4 }),
    minQuantity: integer('min_quantity'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.supplierId, t.skuId] })],
);
