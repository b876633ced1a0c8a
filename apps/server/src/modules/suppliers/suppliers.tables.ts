import { pgTable, uuid, text, timestamp, primaryKey } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/** Tenant-owned. The supply-chain issue grows this table; the platform needs it for supplier users. */
export const suppliers = pgTable(
  'suppliers',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
