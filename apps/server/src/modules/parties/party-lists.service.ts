import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { fieldError } from '../../platform/http/errors';
import type { PartyAddressTable, PartyContactTable, PgColumn } from './parties.tables';
import { settleDefaults, type Party } from './party-rules';

/** Writing a party's addresses and contacts: one at a time, or the whole lists of a create or a PUT body. */

type Text = string | null | undefined;
/** The address fields of a body (the domain's parsed shapes); a field left out is left alone. */
export interface AddressFields {
  first_name?: Text; last_name?: Text; company?: Text; address1?: Text; address2?: Text;
  city?: Text; state?: Text; zip?: Text; country?: Text; phone?: Text;
}
export type NewAddress<K extends string = string> = AddressFields & { kind: K; is_default?: boolean | undefined };
export type AddressChange<K extends string = string> = AddressFields & { kind?: K | undefined; is_default?: boolean | undefined };
export type AddressItem<K extends string = string> = AddressChange<K> & { id?: string | undefined };

export interface ContactFields { name?: string | undefined; email?: Text; phone?: Text; role?: Text }
export type NewContact = ContactFields & { name: string };
export type ContactItem = ContactFields & { id?: string | undefined };

/**
 * Drizzle column values of the fields a body gives, `columns` naming each field's column; a field left out
 * (undefined) is left alone, null clears it. The body's parsed shapes already match the column types.
 */
export function definedValues<T>(input: object, columns: Partial<Record<string, keyof T>>): Partial<T> {
  const values: Partial<Record<keyof T, unknown>> = {};
  for (const [field, column] of Object.entries(columns)) {
    const value = (input as Record<string, unknown>)[field];
    if (value !== undefined && column !== undefined) values[column] = value;
  }
  return values as Partial<T>;
}

type AddressRow = PartyAddressTable['$inferInsert'];
const ADDRESS_COLUMNS: Record<keyof AddressFields, keyof AddressRow> = {
  first_name: 'firstName', last_name: 'lastName', company: 'company', address1: 'address1', address2: 'address2',
  city: 'city', state: 'state', zip: 'zip', country: 'country', phone: 'phone',
};
export const addressValues = (a: AddressFields): Partial<AddressRow> => definedValues<AddressRow>(a, ADDRESS_COLUMNS);

/** The address fields, kind and default flag of a change. */
export const addressChange = (a: AddressChange): Partial<PartyAddressTable['$inferInsert']> => ({
  ...addressValues(a), ...(a.kind ? { kind: a.kind } : {}), ...(a.is_default !== undefined ? { isDefault: a.is_default } : {}),
});

type ContactRow = PartyContactTable['$inferInsert'];
const CONTACT_COLUMNS: Record<keyof ContactFields, keyof ContactRow> = { name: 'name', email: 'email', phone: 'phone', role: 'role' };
export const contactValues = (c: ContactFields): Partial<ContactRow> => definedValues<ContactRow>(c, CONTACT_COLUMNS);

/** The JS key of the owner column in its table (customerId, supplierId), for insert values. */
function keyOf(table: PartyAddressTable | PartyContactTable, column: PgColumn): string {
  const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
  if (!key) throw new Error(`${column.name} is not a column of the table`);
  return key;
}

/** One microsecond apart, so "oldest first" keeps the body's order. */
const nth = (i: number) => sql`now() + ${i} * interval '1 microsecond'`;

/** Inserts addresses; answers their ids and those of the ones flagged default, in body order. */
export async function insertAddresses(
  tx: Tx, party: Party, tenantId: string, ownerId: string, list: NewAddress[],
): Promise<{ ids: string[]; chosen: string[] }> {
  if (list.length === 0) return { ids: [], chosen: [] };
  const owner = keyOf(party.addresses, party.addressOwner);
  const rows = await tx
    .insert(party.addresses)
    .values(list.map((a, i) => ({ ...addressValues(a), tenantId, [owner]: ownerId, kind: a.kind, isDefault: a.is_default ?? false, createdAt: nth(i) })))
    .returning({ id: party.addresses.id });
  return { ids: rows.map((r) => r.id), chosen: rows.filter((_, i) => list[i]!.is_default).map((r) => r.id) };
}

/** Inserts contacts; answers their ids in body order. */
export async function insertContacts(tx: Tx, party: Party, tenantId: string, ownerId: string, list: NewContact[]): Promise<string[]> {
  if (list.length === 0) return [];
  const owner = keyOf(party.contacts, party.contactOwner);
  const rows = await tx
    .insert(party.contacts)
    .values(list.map((c, i) => ({ ...contactValues(c), name: c.name, tenantId, [owner]: ownerId, createdAt: nth(i) })))
    .returning({ id: party.contacts.id });
  return rows.map((r) => r.id);
}

/** The lists a create body brings: addresses (their defaults settled in body order) and contacts. */
export async function insertPartyLists(
  tx: Tx, party: Party, tenantId: string, ownerId: string, lists: { addresses?: NewAddress[] | undefined; contacts?: NewContact[] | undefined },
): Promise<void> {
  const { ids, chosen } = await insertAddresses(tx, party, tenantId, ownerId, lists.addresses ?? []);
  await insertContacts(tx, party, tenantId, ownerId, lists.contacts ?? []);
  await settleDefaults(tx, party, ownerId, chosen, { order: ids });
}

/** The whole address list of a PUT: change the listed saved ones, add the new ones, remove the rest. */
export async function replaceAddresses(tx: Tx, party: Party, tenantId: string, ownerId: string, list: AddressItem[]): Promise<void> {
  const table = party.addresses;
  const saved = await tx.select({ id: table.id }).from(table).where(eq(party.addressOwner, ownerId));
  const savedIds = new Set(saved.map((r) => r.id));
  list.forEach((a, i) => {
    if (a.id && !savedIds.has(a.id.toLowerCase())) throw fieldError(`addresses.${i}.id`, `The address does not belong to this ${party.noun}`);
  });
  const kept = list.flatMap((a) => (a.id ? [a.id.toLowerCase()] : []));
  await tx.delete(table).where(kept.length ? and(eq(party.addressOwner, ownerId), notInArray(table.id, kept)) : eq(party.addressOwner, ownerId));
  const chosen: string[] = [];
  for (const a of list) {
    if (!a.id) continue;
    const set = addressChange(a);
    if (Object.keys(set).length) await tx.update(table).set({ ...set, updatedAt: sql`now()` }).where(eq(table.id, a.id));
    if (a.is_default) chosen.push(a.id.toLowerCase());
  }
  const added = list.filter((a) => !a.id).map((a) => ({ ...a, kind: a.kind ?? 'shipping' }));
  const inserted = await insertAddresses(tx, party, tenantId, ownerId, added);
  chosen.push(...inserted.chosen);
  const newIds = [...inserted.ids];
  const order = list.map((a) => (a.id ? a.id.toLowerCase() : newIds.shift()!));
  await settleDefaults(tx, party, ownerId, chosen, { order });
}

/** The whole contact list of a PUT: change the listed saved ones, add the new ones (a name each), remove the rest. */
export async function replaceContacts(tx: Tx, party: Party, tenantId: string, ownerId: string, list: ContactItem[]): Promise<void> {
  const table = party.contacts;
  const saved = await tx.select({ id: table.id }).from(table).where(eq(party.contactOwner, ownerId));
  const savedIds = new Set(saved.map((r) => r.id));
  const added: NewContact[] = [];
  for (const [i, c] of list.entries()) {
    if (c.id && !savedIds.has(c.id.toLowerCase())) throw fieldError(`contacts.${i}.id`, `The contact does not belong to this ${party.noun}`);
    if (!c.id) {
      if (!c.name) throw fieldError(`contacts.${i}.name`, 'The name is required');
      added.push({ ...c, name: c.name });
    }
  }
  const kept = list.flatMap((c) => (c.id ? [c.id.toLowerCase()] : []));
  const stale = saved.map((r) => r.id).filter((id) => !kept.includes(id));
  if (stale.length) await tx.delete(table).where(inArray(table.id, stale));
  for (const c of list) {
    const set = contactValues(c);
    if (c.id && Object.keys(set).length) await tx.update(table).set({ ...set, updatedAt: sql`now()` }).where(eq(table.id, c.id));
  }
  await insertContacts(tx, party, tenantId, ownerId, added);
}

/** The lists a PUT body brings, each when given. */
export async function replacePartyLists(
  tx: Tx, party: Party, tenantId: string, ownerId: string, lists: { addresses?: AddressItem[] | undefined; contacts?: ContactItem[] | undefined },
): Promise<void> {
  if (lists.addresses) await replaceAddresses(tx, party, tenantId, ownerId, lists.addresses);
  if (lists.contacts) await replaceContacts(tx, party, tenantId, ownerId, lists.contacts);
}
