import { pgTable, uuid, text, timestamp, boolean, primaryKey, integer } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/** Tenant-owned: an inventory location, the tenant's own or at a warehouse provider (`company`). */
export const ilocs = pgTable(
  'ilocs',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    code: text('code'),
    type: text('type').notNull().default('warehouse'),
    company: text('company'),
    menu: boolean('menu').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    address1: text('address1'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    country: text('country'),
    priority: integer('priority').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
