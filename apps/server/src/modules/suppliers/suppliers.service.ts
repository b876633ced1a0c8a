import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type {
  SupplierAddressKind, TSupplierAddressItem, TSupplierContactCreate, TSupplierContactItem, TSupplierCreate, TSupplierUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError } from '../../platform/http/errors';
import { assertNameFree, assertSupplierGroup, HAS_PURCHASE_ORDERS, lockSupplier, mapSupplierRaces, settleDefaults } from './supplier-rules';
import { loadSupplier, type SupplierDto } from './suppliers.read';
import { supplierAddresses, supplierContacts, suppliers } from './suppliers.tables';

/** Creating, changing and removing suppliers, with their addresses and contacts in the same body. */

type AddressFields = Omit<TSupplierAddressItem, 'id' | 'kind' | 'is_default'>;
type NewAddress = AddressFields & { kind: SupplierAddressKind; is_default?: boolean | undefined };
type NewContact = Partial<TSupplierContactCreate> & { name: string };

/** Drizzle column values of the address fields the body gives (left-out fields are left alone). */
export function supplierAddressValues(a: AddressFields): Partial<typeof supplierAddresses.$inferInsert> {
  const v: Partial<typeof supplierAddresses.$inferInsert> = {};
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

export function supplierContactValues(c: Partial<TSupplierContactCreate>): Partial<typeof supplierContacts.$inferInsert> {
  const v: Partial<typeof supplierContacts.$inferInsert> = {};
  if (c.name !== undefined) v.name = c.name;
  if (c.email !== undefined) v.email = c.email;
  if (c.phone !== undefined) v.phone = c.phone;
  if (c.role !== undefined) v.role = c.role;
  return v;
}

function supplierValues(input: TSupplierUpdate): Partial<typeof suppliers.$inferInsert> {
  const v: Partial<typeof suppliers.$inferInsert> = {};
  if (input.name !== undefined) v.name = input.name;
  if (input.email !== undefined) v.email = input.email;
  if (input.phone !== undefined) v.phone = input.phone;
  if (input.website !== undefined) v.website = input.website;
  if (input.payment_terms !== undefined) v.paymentTerms = input.payment_terms;
  if (input.min_order !== undefined) v.minOrder = input.min_order;
  if (input.lead_time_days !== undefined) v.leadTimeDays = input.lead_time_days;
  if (input.currency !== undefined) v.currency = input.currency;
  if (input.group_id !== undefined) v.groupId = input.group_id;
  if (input.notes !== undefined) v.notes = input.notes;
  return v;
}

/** Inserts addresses; answers their ids and those of the ones flagged default, in body order. */
export async function insertSupplierAddresses(
  tx: Tx, tenantId: string, supplierId: string, list: NewAddress[],
): Promise<{ ids: string[]; chosen: string[] }> {
  if (list.length === 0) return { ids: [], chosen: [] };
  const rows = await tx
    .insert(supplierAddresses)
    // One microsecond apart, so "oldest first" keeps the body's order.
    .values(list.map((a, i) => ({
      ...supplierAddressValues(a), tenantId, supplierId, kind: a.kind, isDefault: a.is_default ?? false, createdAt: sql`now() + ${i} * interval '1 microsecond'`,
    })))
    .returning({ id: supplierAddresses.id });
  return { ids: rows.map((r) => r.id), chosen: rows.filter((_, i) => list[i]!.is_default).map((r) => r.id) };
}

export async function insertSupplierContacts(tx: Tx, tenantId: string, supplierId: string, list: NewContact[]): Promise<void> {
  if (list.length === 0) return;
  await tx
    .insert(supplierContacts)
    .values(list.map((c, i) => ({ ...supplierContactValues(c), name: c.name, tenantId, supplierId, createdAt: sql`now() + ${i} * interval '1 microsecond'` })));
}

export async function createSupplier(ctx: TenantCtx, input: TSupplierCreate): Promise<SupplierDto> {
  return mapSupplierRaces(() =>
    withTenant(ctx, async (tx) => {
      if (input.group_id) await assertSupplierGroup(tx, input.group_id);
      await assertNameFree(tx, input.name);
      const [row] = await tx.insert(suppliers).values({ ...supplierValues(input), name: input.name, tenantId: ctx.tenantId }).returning({ id: suppliers.id });
      const id = row!.id;
      const { ids, chosen } = await insertSupplierAddresses(tx, ctx.tenantId, id, input.addresses ?? []);
      await insertSupplierContacts(tx, ctx.tenantId, id, input.contacts ?? []);
      await settleDefaults(tx, id, chosen, { order: ids });
      return loadSupplier(tx, id);
    }),
  );
}

/** The whole address list of a PUT: change the listed saved ones, add the new ones, remove the rest. */
async function replaceAddresses(tx: Tx, tenantId: string, supplierId: string, list: TSupplierAddressItem[]): Promise<void> {
  const saved = await tx.select({ id: supplierAddresses.id }).from(supplierAddresses).where(eq(supplierAddresses.supplierId, supplierId));
  const savedIds = new Set(saved.map((r) => r.id));
  list.forEach((a, i) => {
    if (a.id && !savedIds.has(a.id.toLowerCase())) throw fieldError(`addresses.${i}.id`, 'The address does not belong to this supplier');
  });
  const kept = list.flatMap((a) => (a.id ? [a.id.toLowerCase()] : []));
  await tx
    .delete(supplierAddresses)
    .where(kept.length ? and(eq(supplierAddresses.supplierId, supplierId), notInArray(supplierAddresses.id, kept)) : eq(supplierAddresses.supplierId, supplierId));
  const chosen: string[] = [];
  for (const a of list) {
    if (!a.id) continue;
    const set = { ...supplierAddressValues(a), ...(a.kind ? { kind: a.kind } : {}), ...(a.is_default !== undefined ? { isDefault: a.is_default } : {}) };
    if (Object.keys(set).length) await tx.update(supplierAddresses).set({ ...set, updatedAt: sql`now()` }).where(eq(supplierAddresses.id, a.id));
    if (a.is_default) chosen.push(a.id.toLowerCase());
  }
  const added = list.filter((a) => !a.id).map((a) => ({ ...a, kind: a.kind ?? 'shipping' }));
  const inserted = await insertSupplierAddresses(tx, tenantId, supplierId, added);
  chosen.push(...inserted.chosen);
  const newIds = [...inserted.ids];
  const order = list.map((a) => (a.id ? a.id.toLowerCase() : newIds.shift()!));
  await settleDefaults(tx, supplierId, chosen, { order });
}

async function replaceContacts(tx: Tx, tenantId: string, supplierId: string, list: TSupplierContactItem[]): Promise<void> {
  const saved = await tx.select({ id: supplierContacts.id }).from(supplierContacts).where(eq(supplierContacts.supplierId, supplierId));
  const savedIds = new Set(saved.map((r) => r.id));
  const added: NewContact[] = [];
  for (const [i, c] of list.entries()) {
    if (c.id && !savedIds.has(c.id.toLowerCase())) throw fieldError(`contacts.${i}.id`, 'The contact does not belong to this supplier');
    if (!c.id) {
      if (!c.name) throw fieldError(`contacts.${i}.name`, 'The name is required');
      added.push({ ...c, name: c.name });
    }
  }
  const kept = list.flatMap((c) => (c.id ? [c.id.toLowerCase()] : []));
  const stale = saved.map((r) => r.id).filter((id) => !kept.includes(id));
  if (stale.length) await tx.delete(supplierContacts).where(inArray(supplierContacts.id, stale));
  for (const c of list) {
    const set = supplierContactValues(c);
    if (c.id && Object.keys(set).length) await tx.update(supplierContacts).set({ ...set, updatedAt: sql`now()` }).where(eq(supplierContacts.id, c.id));
  }
  await insertSupplierContacts(tx, tenantId, supplierId, added);
}

export async function updateSupplier(ctx: TenantCtx, idParam: string, input: TSupplierUpdate): Promise<SupplierDto> {
  const id = assertId(idParam, 'Supplier');
  return mapSupplierRaces(() =>
    withTenant(ctx, async (tx) => {
      await lockSupplier(tx, id);
      if (input.group_id) await assertSupplierGroup(tx, input.group_id);
      if (input.name !== undefined) await assertNameFree(tx, input.name, id);
      await tx.update(suppliers).set({ ...supplierValues(input), updatedAt: sql`now()` }).where(eq(suppliers.id, id));
      if (input.addresses) await replaceAddresses(tx, ctx.tenantId, id, input.addresses);
      if (input.contacts) await replaceContacts(tx, ctx.tenantId, id, input.contacts);
      return loadSupplier(tx, id);
    }),
  );
}

/**
 * Purchase orders keep their supplier (the foreign key restricts the delete): one with purchase orders
 * is a 409. Its addresses, contacts and SKU costs go with it; supplier users lose their link (FK SET NULL).
 */
export async function deleteSupplier(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Supplier');
  await mapSupplierRaces(() =>
    withTenant(ctx, async (tx) => {
      await lockSupplier(tx, id);
      const used = await queryRows(tx, sql`SELECT 1 FROM purchase_orders WHERE supplier_id = ${id}::uuid LIMIT 1`);
      if (used.length) throw conflict(HAS_PURCHASE_ORDERS);
      await tx.delete(suppliers).where(eq(suppliers.id, id));
    }),
  );
}
