import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  createdColumn as created, idColumn, partyAddressColumns, partyContactColumns, tenantIdColumn as tenantId, updatedColumn as updated,
} from '../parties/parties.tables';

/** Drizzle views of migrations/0005_customers.sql (the SQL is the truth). */

export const groups = pgTable(
  'groups',
  {
    tenantId: tenantId(),
    id: idColumn(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    description: text('description'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    id: idColumn(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    emailKey: text('email_key').generatedAlwaysAs(sql`lower(email)`),
    phone: text('phone'),
    company: text('company'),
    groupId: uuid('group_id'),
    notes: text('notes'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  { ...partyAddressColumns(), customerId: uuid('customer_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const customerContacts = pgTable(
  'customer_contacts',
  { ...partyContactColumns(), customerId: uuid('customer_id').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
