import { boolean, customType, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0023_platform_settings.sql (the SQL is the truth); the services use raw SQL. */

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const platformImages = pgTable('platform_images', {
  kind: text('kind').primaryKey(),
  mimeType: text('mime_type').notNull(),
  data: bytea('data').notNull(),
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const codeSnippets = pgTable('code_snippets', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  body: text('body').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
