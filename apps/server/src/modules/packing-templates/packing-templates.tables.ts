import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/** Drizzle view of packing_templates (migrations/0009_supply_chain.sql is the truth). */

/** A box as stored: decimals as text (their scale kept), units as a whole number. */
export interface StoredBox {
  length: string;
  width: string;
  height: string;
  weight: string;
  units_per_box: number;
}

export const packingTemplates = pgTable(
  'packing_templates',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    type: text('type').notNull().default('box'),
    boxes: jsonb('boxes').$type<StoredBox[]>().notNull().default(sql`'[]'::jsonb`),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
