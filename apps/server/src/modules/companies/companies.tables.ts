import { pgTable, uuid, text, timestamp, primaryKey } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  schemaSuffix: text('schema_suffix').notNull().unique(),
  status: text('status').notNull().default('ACTIVE'),
  contactName: text('contact_name'),
  email: text('email'),
  phone: text('phone'),
  address1: text('address1'),
  city: text('city'),
  region: text('region'),
  postalCode: text('postal_code'),
  country: text('country'),
  orderPrefix: text('order_prefix'),
  subdomain: text('subdomain').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Membership of a user in a company; supplier users point at the supplier they act for. */
export const companyUsers = pgTable(
  'company_users',
  {
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
