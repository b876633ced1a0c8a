import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/** Tables of the warehouses module (Drizzle mirror of migrations/0021_warehouses.sql, the source of truth). */
export const warehouses = pgTable('warehouses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  provider: text('provider').notNull().default('other'),
  status: text('status').notNull().default('ACTIVE'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  region: text('region'),
  postalCode: text('postal_code'),
  country: text('country'),
  timeZone: text('time_zone').notNull().default('UTC'),
  notes: text('notes'),
  connDriver: text('conn_driver'),
  connHost: text('conn_host'),
  connPort: integer('conn_port'),
  connDatabase: text('conn_database'),
  connUsername: text('conn_username'),
  /** Sealed by platform/crypto/secret-box.ts; never selected into an answer. */
  connPasswordEnc: text('conn_password_enc'),
  connCharset: text('conn_charset'),
  connCollation: text('conn_collation'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const warehouseCompanies = pgTable(
  'warehouse_companies',
  {
    warehouseId: uuid('warehouse_id').notNull().references(() => warehouses.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.companyId] })],
);
