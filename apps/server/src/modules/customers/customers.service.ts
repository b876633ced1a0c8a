import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  CUSTOMER_IDENTITY_MESSAGE, type AddressKind, type TCustomerAddressItem, type TCustomerContactCreate, type TCustomerContactItem, type TCustomerCreate, type TCustomerUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError } from '../../platform/http/errors';
import { queryRows } from '../../platform/db/rows';
import { assertCustomerGroup, assertEmailFree, lockCustomer, mapUniqueRaces, settleDefaults } from './customer-rules';
import { loadCustomer, type CustomerDto } from './customers.read';
import { customerAddresses, customerContacts, customers } from './customers.tables';

/** Creating, changing and removing customers, with their addresses and contacts in the same body. */

type AddressFields = Omit<TCustomerAddressItem, 'id' | 'kind' | 'is_default'>;
type NewAddress = AddressFields & { kind: AddressKind; is_default?: boolean | undefined };

/** Drizzle column values of the address fields the body gives (left-out fields are left alone). */
export function addressValues(a: AddressFields): Partial<typeof customerAddresses.$inferInsert> {
  const v: Partial<typeof customerAddresses.$inferInsert> = {};
  if (a.first_name !== undefined) v.firstName = a.first_name;
  if (a.last_name !== undefined) v.lastName = a.last_name;
  if (a.company !== undefined) v.company = a.company;
  if (a.address1 !== undefined) v.address1 = a.address1;
  if (a.address2 !== undefined) v.address2 = a.address2;
  if (a.city !== undefined) v.city = a.city;
  if (a.state !== undefined) v.state = a.state;
  if (a.zip !== undefined) v.zip = a.zip;
  if (a.country !== undefined) v.country = a.country;
  if (a.phone !== undefined) v.phone = a.phone;
  return v;
}

export function contactValues(c: Partial<TCustomerContactCreate>): Partial<typeof customerContacts.$inferInsert> {
  const v: Partial<typeof customerContacts.$inferInsert> = {};
  if (c.name !== undefined) v.name = c.name;
  if (c.email !== undefined) v.email = c.email;
  if (c.phone !== undefined) v.phone = c.phone;
  if (c.role !== undefined) v.role = c.role;
  return v;
}

function customerValues(input: TCustomerUpdate): Partial<typeof customers.$inferInsert> {
  const v: Partial<typeof customers.$inferInsert> = {};
  if (input.first_name !== undefined) v.firstName = input.first_name;
  if (input.last_name !== undefined) v.lastName = input.last_name;
  if (input.email !== undefined) v.email = input.email;
  if (input.phone !== undefined) v.phone = input.phone;
  if (input.company !== undefined) v.company = input.company;
  if (input.group_id !== undefined) v.groupId = input.group_id;
  if (input.notes !== undefined) v.notes = input.notes;
  return v;
}

/** Inserts addresses; answers their ids and those of the ones flagged default, in body order. */
export async function insertAddresses(
  tx: Tx, tenantId: string, customerId: string, list: NewAddress[],
): Promise<{ ids: string[]; chosen: string[] }> {
  if (list.length === 0) return { ids: [], chosen: [] };
  const rows = await tx
    .insert(customerAddresses)
    // One microsecond apart, so "oldest first" keeps the body's order.
    .values(list.map((a, i) => ({ ...addressValues(a), tenantId, customerId, kind: a.kind, isDefault: a.is_default ?? false, createdAt: sql`now() + ${i} * interval '1 microsecond'` })))
    .returning({ id: customerAddresses.id });
  return { ids: rows.map((r) => r.id), chosen: rows.filter((_, i) => list[i]!.is_default).map((r) => r.id) };
}

type NewContact = Partial<TCustomerContactCreate> & { name: string };

async function insertContacts(tx: Tx, tenantId: string, customerId: string, list: NewContact[]): Promise<void> {
  if (list.length === 0) return;
  await tx
    .insert(customerContacts)
    .values(list.map((c, i) => ({ ...contactValues(c), name: c.name, tenantId, customerId, createdAt: sql`now() + ${i} * interval '1 microsecond'` })));
}

export async function createCustomer(ctx: TenantCtx, input: TCustomerCreate): Promise<CustomerDto> {
  return mapUniqueRaces(() =>
    withTenant(ctx, async (tx) => {
      if (input.group_id) await assertCustomerGroup(tx, input.group_id);
      if (input.email) await assertEmailFree(tx, input.email);
      const [row] = await tx.insert(customers).values({ ...customerValues(input), tenantId: ctx.tenantId }).returning({ id: customers.id });
      const id = row!.id;
      const { ids, chosen } = await insertAddresses(tx, ctx.tenantId, id, input.addresses ?? []);
      await insertContacts(tx, ctx.tenantId, id, input.contacts ?? []);
      await settleDefaults(tx, id, chosen, { order: ids });
      return loadCustomer(tx, id);
    }),
  );
}

/** The whole address list of a PUT: change the listed saved ones, add the new ones, remove the rest. */
async function replaceAddresses(tx: Tx, tenantId: string, customerId: string, list: TCustomerAddressItem[]): Promise<void> {
  const saved = await tx.select({ id: customerAddresses.id }).from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
  const savedIds = new Set(saved.map((r) => r.id));
  list.forEach((a, i) => {
    if (a.id && !savedIds.has(a.id.toLowerCase())) throw fieldError(`addresses.${i}.id`, 'The address does not belong to this customer');
  });
  const kept = list.flatMap((a) => (a.id ? [a.id.toLowerCase()] : []));
  await tx
    .delete(customerAddresses)
    .where(kept.length ? and(eq(customerAddresses.customerId, customerId), notInArray(customerAddresses.id, kept)) : eq(customerAddresses.customerId, customerId));
  const chosen: string[] = [];
  for (const a of list) {
    if (!a.id) continue;
    const set = { ...addressValues(a), ...(a.kind ? { kind: a.kind } : {}), ...(a.is_default !== undefined ? { isDefault: a.is_default } : {}) };
    if (Object.keys(set).length) await tx.update(customerAddresses).set({ ...set, updatedAt: sql`now()` }).where(eq(customerAddresses.id, a.id));
    if (a.is_default) chosen.push(a.id.toLowerCase());
  }
  const added = list.filter((a) => !a.id).map((a) => ({ ...a, kind: a.kind ?? 'shipping' }));
  const inserted = await insertAddresses(tx, tenantId, customerId, added);
  chosen.push(...inserted.chosen);
  const newIds = [...inserted.ids];
  const order = list.map((a) => (a.id ? a.id.toLowerCase() : newIds.shift()!));
  await settleDefaults(tx, customerId, chosen, { order });
}

async function replaceContacts(tx: Tx, tenantId: string, customerId: string, list: TCustomerContactItem[]): Promise<void> {
  const saved = await tx.select({ id: customerContacts.id }).from(customerContacts).where(eq(customerContacts.customerId, customerId));
  const savedIds = new Set(saved.map((r) => r.id));
  const added: NewContact[] = [];
  for (const [i, c] of list.entries()) {
    if (c.id && !savedIds.has(c.id.toLowerCase())) throw fieldError(`contacts.${i}.id`, 'The contact does not belong to this customer');
    if (!c.id) {
      if (!c.name) throw fieldError(`contacts.${i}.name`, 'The name is required');
      added.push({ ...c, name: c.name });
    }
  }
  const kept = list.flatMap((c) => (c.id ? [c.id.toLowerCase()] : []));
  const stale = saved.map((r) => r.id).filter((id) => !kept.includes(id));
  if (stale.length) await tx.delete(customerContacts).where(inArray(customerContacts.id, stale));
  for (const c of list) {
    const set = contactValues(c);
    if (c.id && Object.keys(set).length) await tx.update(customerContacts).set({ ...set, updatedAt: sql`now()` }).where(eq(customerContacts.id, c.id));
  }
  await insertContacts(tx, tenantId, customerId, added);
}

export async function updateCustomer(ctx: TenantCtx, idParam: string, input: TCustomerUpdate): Promise<CustomerDto> {
  const id = assertId(idParam, 'Customer');
  return mapUniqueRaces(() =>
    withTenant(ctx, async (tx) => {
      await lockCustomer(tx, id);
      if (input.group_id) await assertCustomerGroup(tx, input.group_id);
      if (input.email) await assertEmailFree(tx, input.email, id);
      await tx.update(customers).set({ ...customerValues(input), updatedAt: sql`now()` }).where(eq(customers.id, id));
      if (input.addresses) await replaceAddresses(tx, ctx.tenantId, id, input.addresses);
      if (input.contacts) await replaceContacts(tx, ctx.tenantId, id, input.contacts);
      const after = await loadCustomer(tx, id);
      if (!after.first_name && !after.last_name && !after.email && !after.company) {
        throw fieldError('first_name', CUSTOMER_IDENTITY_MESSAGE);
      }
      return after;
    }),
  );
}

/**
 * Orders keep their customer: one with orders is not removed (409). The row lock comes first, so an order
 * being written for this customer (its foreign key locks the row too) is either seen here or waits.
 */
export async function deleteCustomer(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Customer');
  await withTenant(ctx, async (tx) => {
    await lockCustomer(tx, id);
    const used = await queryRows(tx, sql`SELECT 1 FROM orders WHERE customer_id = ${id}::uuid LIMIT 1`);
    if (used.length) throw conflict('The customer has orders and cannot be deleted');
    await tx.delete(customers).where(eq(customers.id, id));
  });
}
