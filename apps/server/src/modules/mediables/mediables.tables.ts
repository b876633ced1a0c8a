import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, integer, jsonb, primaryKey } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/**
 * Tenant-owned: one media file (a product image, a channel logo). The bytes are on disk at
 * DATA_DIR/media/<tenant_id>/<id>; see migrations/0004_mediables.sql.
 */
export const mediables = pgTable(
  'mediables',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    mediableType: text('mediable_type').notNull(),
    mediableId: text('mediable_id').notNull(),
    folder: text('folder').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    customProperties: jsonb('custom_properties').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Files whose row is deleted and whose bytes are still to be unlinked; written by a trigger (0004). */
export const mediableTrash = pgTable(
  'mediable_trash',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
