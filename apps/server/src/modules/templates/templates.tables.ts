import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables of the templates module (Drizzle mirror of migration 0022_services.sql, the source of truth).

export const mapperTemplates = pgTable('mapper_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  description: text('description').notNull().default(''),
  fileType: text('file_type').notNull(),
  definition: jsonb('definition').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ruleTemplates = pgTable('rule_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  hookPoint: text('hook_point').notNull(),
  description: text('description').notNull().default(''),
  nodes: jsonb('nodes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
