import { bigint, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

/**
 * Drizzle view of activity_log (migration 0016_activity.sql; the SQL is the truth). Rows are written only by
 * the database triggers of that migration, in the transaction of the change they describe.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    tenantId: uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    impersonatorId: uuid('impersonator_id'),
    ip: text('ip'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    objectLabel: text('object_label'),
    changes: jsonb('changes'),
    summary: text('summary'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
