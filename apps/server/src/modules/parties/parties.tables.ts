import { boolean, text, timestamp, uuid, type PgColumn, type PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { BuildColumns, ColumnBuilderBase } from 'drizzle-orm';
import { companies } from '../companies/companies.tables';

/**
 * Column builders customers and suppliers share (migrations 0005 and 0009; the SQL is the truth). Each side
 * still declares its own tables, with its own SQL names and owner column (customer_id, supplier_id).
 */

export const tenantIdColumn = () => uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' });
export const createdColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const idColumn = () => uuid('id').notNull().defaultRandom();

/** An address of a customer or supplier; the owner's id column is added by each side. */
export const partyAddressColumns = () => ({
  tenantId: tenantIdColumn(),
  id: idColumn(),
  kind: text('kind').notNull().default('shipping'),
  isDefault: boolean('is_default').notNull().default(false),
  firstName: text('first_name'),
  lastName: text('last_name'),
  company: text('company'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  country: text('country'),
  phone: text('phone'),
  createdAt: createdColumn(),
  updatedAt: updatedColumn(),
});

/** A contact person of a customer or supplier; the owner's id column is added by each side. */
export const partyContactColumns = () => ({
  tenantId: tenantIdColumn(),
  id: idColumn(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  role: text('role'),
  createdAt: createdColumn(),
  updatedAt: updatedColumn(),
});

/** A table built from `C` under any name (and with any more columns, such as the owner's). */
type TableOf<C extends Record<string, ColumnBuilderBase>> = PgTableWithColumns<{ name: string; schema: undefined; dialect: 'pg'; columns: BuildColumns<string, C, 'pg'> }>;

/** Any table built from these columns (plus its owner column): what the shared party code reads and writes. */
export type PartyAddressTable = TableOf<ReturnType<typeof partyAddressColumns>>;
export type PartyContactTable = TableOf<ReturnType<typeof partyContactColumns>>;
/** The customers or suppliers table, as far as the shared code needs it. */
export type PartyTable = TableOf<{ id: ReturnType<typeof idColumn>; updatedAt: ReturnType<typeof updatedColumn> }>;
export type { PgColumn };
