import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables of the rules module (Drizzle mirror of migration 0035_rules.sql, the source of truth).

export const ruleFlows = pgTable(
  'rule_flows',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    nameKey: text('name_key'),
    description: text('description').notNull().default(''),
    hookPoint: text('hook_point').notNull(),
    status: text('status').notNull().default('inactive'),
    priority: integer('priority').notNull().default(100),
    version: integer('version').notNull().default(1),
    nodes: jsonb('nodes').notNull(),
    writes: text('writes').array().notNull().default([]),
    ilocIds: uuid('iloc_ids').array().notNull().default([]),
    templateId: uuid('template_id'),
    createdBy: uuid('created_by'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const ruleFlowVersions = pgTable(
  'rule_flow_versions',
  {
    tenantId: uuid('tenant_id').notNull(),
    flowId: uuid('flow_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    nodes: jsonb('nodes').notNull(),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.flowId, t.version] })],
);
