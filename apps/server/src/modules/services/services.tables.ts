import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oauthClients } from '../auth/auth.tables';
import { users } from '../users/users.tables';

// Tables of the services module (Drizzle mirror of migration 0022_services.sql, the source of truth).

/** The integration catalogue: key is the process driver; status is the spec 4 Service lifecycle. */
export const services = pgTable('services', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull().default(''),
  logoUrl: text('logo_url'),
  status: text('status').notNull().default('ACTIVE'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An OAuth client application; its secret and grants live in its oauth_clients row. */
export const appServices = pgTable('app_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientId: text('client_id').notNull().unique().references(() => oauthClients.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  redirectUris: text('redirect_uris').array().notNull().default([]),
  confidential: boolean('confidential').notNull().default(true),
  status: text('status').notNull().default('ACTIVE'),
  secretHint: text('secret_hint').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
