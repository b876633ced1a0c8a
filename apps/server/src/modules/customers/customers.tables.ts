import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/** Drizzle views of migrations/0005_customers.sql (the SQL is the truth). */

const tenantId = () => uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const groups = pgTable(
  'groups',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    description: text('description'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    emailKey: text('email_key').generatedAlwaysAs(sql`lower(email)`),
    phone: text('phone'),
    company: text('company'),
    groupId: uuid('group_id'),
    notes: text('notes'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
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

export const customerContacts = pgTable(
  'customer_contacts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
