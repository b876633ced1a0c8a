import { and, count, eq, sql } from 'drizzle-orm';
import { paginate, type Paginated, type PartyContactDto, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { addressChange, contactValues, insertAddresses, insertContacts, type AddressChange, type NewAddress, type NewContact, type ContactFields } from './party-lists.service';
import { addressView, contactOrder, contactView, type PartyAddress } from './party.read';
import { assertParty, lockParty, settleDefaults, touchParty, type Party } from './party-rules';

/**
 * A party's addresses and contacts as their own resources (/customers/{id}/addresses, /suppliers/{id}/contacts…).
 * Every write locks the party first, so two writers never leave a kind with two default addresses.
 */

/* ------------------------------------------------------------------ addresses */

export async function listAddresses<K extends string>(ctx: TenantCtx, party: Party<K>, ownerParam: string, query: TListQuery): Promise<Paginated<PartyAddress<K>>> {
  const ownerId = assertId(ownerParam, party.label);
  return withTenant(ctx, async (tx) => {
    await assertParty(tx, party, ownerId);
    const where = eq(party.addressOwner, ownerId);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(party.addresses).where(where);
    const rows = await tx.select().from(party.addresses).where(where).orderBy(...party.addressOrder).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map((r) => addressView<K>(r)), total, query.page, query.per_page);
  });
}

async function loadAddress<K extends string>(tx: Tx, party: Party<K>, ownerId: string, id: string): Promise<PartyAddress<K>> {
  const table = party.addresses;
  const [row] = await tx.select().from(table).where(and(eq(party.addressOwner, ownerId), eq(table.id, id))).limit(1);
  if (!row) throw notFound('Address');
  return addressView<K>(row);
}

export async function getAddress<K extends string>(ctx: TenantCtx, party: Party<K>, ownerParam: string, idParam: string): Promise<PartyAddress<K>> {
  const ownerId = assertId(ownerParam, party.label);
  const id = assertId(idParam, 'Address');
  return withTenant(ctx, async (tx) => {
    await assertParty(tx, party, ownerId);
    return loadAddress(tx, party, ownerId, id);
  });
}

/** The first address of a kind becomes its default; `is_default: true` takes the default from the others. */
export async function createAddress<K extends string>(ctx: TenantCtx, party: Party<K>, ownerParam: string, input: NewAddress<K>): Promise<PartyAddress<K>> {
  const ownerId = assertId(ownerParam, party.label);
  return withTenant(ctx, async (tx) => {
    await lockParty(tx, party, ownerId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(party.addresses).where(eq(party.addressOwner, ownerId));
    if (n >= party.maxAddresses) throw fieldError('addresses', `At most ${party.maxAddresses} addresses per ${party.noun}`);
    const { ids, chosen } = await insertAddresses(tx, party, ctx.tenantId, ownerId, [input]);
    await settleDefaults(tx, party, ownerId, chosen);
    await touchParty(tx, party, ownerId);
    return loadAddress(tx, party, ownerId, ids[0]!);
  });
}

export async function updateAddress<K extends string>(
  ctx: TenantCtx, party: Party<K>, ownerParam: string, idParam: string, input: AddressChange<K>,
): Promise<PartyAddress<K>> {
  const ownerId = assertId(ownerParam, party.label);
  const id = assertId(idParam, 'Address');
  return withTenant(ctx, async (tx) => {
    await lockParty(tx, party, ownerId);
    await loadAddress(tx, party, ownerId, id);
    await tx.update(party.addresses).set({ ...addressChange(input), updatedAt: sql`now()` }).where(eq(party.addresses.id, id));
    await settleDefaults(tx, party, ownerId, input.is_default ? [id] : [], input.is_default === false ? { avoid: id } : {});
    await touchParty(tx, party, ownerId);
    return loadAddress(tx, party, ownerId, id);
  });
}

/** Removing the default hands it to the oldest remaining address of that kind. */
export async function deleteAddress(ctx: TenantCtx, party: Party, ownerParam: string, idParam: string): Promise<void> {
  const ownerId = assertId(ownerParam, party.label);
  const id = assertId(idParam, 'Address');
  await withTenant(ctx, async (tx) => {
    await lockParty(tx, party, ownerId);
    await loadAddress(tx, party, ownerId, id);
    await tx.delete(party.addresses).where(eq(party.addresses.id, id));
    await settleDefaults(tx, party, ownerId);
    await touchParty(tx, party, ownerId);
  });
}

/* ------------------------------------------------------------------ contacts */

export async function listContacts(ctx: TenantCtx, party: Party, ownerParam: string, query: TListQuery): Promise<Paginated<PartyContactDto>> {
  const ownerId = assertId(ownerParam, party.label);
  return withTenant(ctx, async (tx) => {
    await assertParty(tx, party, ownerId);
    const where = eq(party.contactOwner, ownerId);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(party.contacts).where(where);
    const rows = await tx.select().from(party.contacts).where(where).orderBy(...contactOrder(party)).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map(contactView), total, query.page, query.per_page);
  });
}

async function loadContact(tx: Tx, party: Party, ownerId: string, id: string): Promise<PartyContactDto> {
  const table = party.contacts;
  const [row] = await tx.select().from(table).where(and(eq(party.contactOwner, ownerId), eq(table.id, id))).limit(1);
  if (!row) throw notFound('Contact');
  return contactView(row);
}

export async function getContact(ctx: TenantCtx, party: Party, ownerParam: string, idParam: string): Promise<PartyContactDto> {
  const ownerId = assertId(ownerParam, party.label);
  const id = assertId(idParam, 'Contact');
  return withTenant(ctx, async (tx) => {
    await assertParty(tx, party, ownerId);
    return loadContact(tx, party, ownerId, id);
  });
}

export async function createContact(ctx: TenantCtx, party: Party, ownerParam: string, input: NewContact): Promise<PartyContactDto> {
  const ownerId = assertId(ownerParam, party.label);
  return withTenant(ctx, async (tx) => {
    await lockParty(tx, party, ownerId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(party.contacts).where(eq(party.contactOwner, ownerId));
    if (n >= party.maxContacts) throw fieldError('contacts', `At most ${party.maxContacts} contacts per ${party.noun}`);
    const [id] = await insertContacts(tx, party, ctx.tenantId, ownerId, [input]);
    await touchParty(tx, party, ownerId);
    return loadContact(tx, party, ownerId, id!);
  });
}

export async function updateContact(ctx: TenantCtx, party: Party, ownerParam: string, idParam: string, input: ContactFields): Promise<PartyContactDto> {
  const ownerId = assertId(ownerParam, party.label);
  const id = assertId(idParam, 'Contact');
  return withTenant(ctx, async (tx) => {
    await lockParty(tx, party, ownerId);
    await loadContact(tx, party, ownerId, id);
    await tx.update(party.contacts).set({ ...contactValues(input), updatedAt: sql`now()` }).where(eq(party.contacts.id, id));
    await touchParty(tx, party, ownerId);
    return loadContact(tx, party, ownerId, id);
  });
}

export async function deleteContact(ctx: TenantCtx, party: Party, ownerParam: string, idParam: string): Promise<void> {
  const ownerId = assertId(ownerParam, party.label);
  const id = assertId(idParam, 'Contact');
  await withTenant(ctx, async (tx) => {
    await lockParty(tx, party, ownerId);
    await loadContact(tx, party, ownerId, id);
    await tx.delete(party.contacts).where(eq(party.contacts.id, id));
    await touchParty(tx, party, ownerId);
  });
}
