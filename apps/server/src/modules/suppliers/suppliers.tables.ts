import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/** Drizzle views of suppliers (migrations 0001 and 0009_supply_chain.sql; the SQL is the truth). */

const tenantId = () => uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Tenant-owned; supplier users (company_users.supplier_id) are bound to one of these. */
export const suppliers = pgTable(
  'suppliers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
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
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    supplierId: uuid('supplier_id').notNull(),
    kind: text('kind').notNull().default('shipping'),
    isDefault: boolean('is_default').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    company: text('company'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    phone: text('phone'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const supplierContacts = pgTable(
  'supplier_contacts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    supplierId: uuid('supplier_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role'),
    createdAt: created(),
    updatedAt: updated(),
  },
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
