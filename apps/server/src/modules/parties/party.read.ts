import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { paginate, type Paginated, type PartyAddressDto, type PartyContactDto, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, notFound } from '../../platform/http/errors';
import type { PartyAddressTable, PartyContactTable } from './parties.tables';
import type { Party } from './party-rules';

/** The answers of a party's addresses and contacts, the same for customers and suppliers. */

export type PartyAddress<K extends string> = Omit<PartyAddressDto, 'kind'> & { kind: K };

export function addressView<K extends string>(r: PartyAddressTable['$inferSelect']): PartyAddress<K> {
  return {
    id: r.id, kind: r.kind as K, is_default: r.isDefault, first_name: r.firstName, last_name: r.lastName, company: r.company,
    address1: r.address1, address2: r.address2, city: r.city, state: r.state, zip: r.zip, country: r.country, phone: r.phone,
    created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
  };
}

export function contactView(r: PartyContactTable['$inferSelect']): PartyContactDto {
  return { id: r.id, name: r.name, email: r.email, phone: r.phone, role: r.role, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() };
}

/** Contacts: oldest first. */
export const contactOrder = (party: Party) => [asc(party.contacts.createdAt), asc(party.contacts.id)];

/** A party's addresses and contacts, read inside the caller's transaction, in the order the screens show them. */
export async function loadPartyLists<K extends string>(
  tx: Tx, party: Party<K>, ownerId: string,
): Promise<{ addresses: PartyAddress<K>[]; contacts: PartyContactDto[] }> {
  const addresses = await tx.select().from(party.addresses).where(eq(party.addressOwner, ownerId)).orderBy(...party.addressOrder);
  const contacts = await tx.select().from(party.contacts).where(eq(party.contactOwner, ownerId)).orderBy(...contactOrder(party));
  return { addresses: addresses.map((r) => addressView<K>(r)), contacts: contacts.map(contactView) };
}

/** How a side reads its parties: its own SELECT (its joins and counts) over the unaliased table, and the summary of a row. */
export interface PartyRows<K extends string, R extends { notes: string | null }, S> {
  party: Party<K>;
  select(tx: Tx, where: SQL | undefined, page?: { order: SQL; limit: number; offset: number }): Promise<R[]>;
  summary(row: R): S;
}

export type PartyDetail<K extends string, S> = S & { notes: string | null; addresses: PartyAddress<K>[]; contacts: PartyContactDto[] };

/** A page of the list: `from` is what the count reads (the table, with the joins the condition needs). */
export async function listParties<K extends string, R extends { notes: string | null }, S>(
  ctx: TenantCtx, rows: PartyRows<K, R, S>, query: TListQuery, page: { from: SQL; condition: SQL | undefined; order: SQL },
): Promise<Paginated<S>> {
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`
      SELECT count(*)::int AS total FROM ${page.from} WHERE ${page.condition ?? sql`true`}`);
    const found = await rows.select(tx, page.condition, { order: page.order, limit: query.per_page, offset: offsetOf(query) });
    return paginate(found.map(rows.summary), Number(total), query.page, query.per_page);
  });
}

/** One party with its addresses and contacts, read inside the caller's transaction. */
export async function loadParty<K extends string, R extends { notes: string | null }, S>(tx: Tx, rows: PartyRows<K, R, S>, id: string): Promise<PartyDetail<K, S>> {
  const [row] = await rows.select(tx, sql`${rows.party.table.id} = ${id}::uuid`);
  if (!row) throw notFound(rows.party.label);
  return { ...rows.summary(row), notes: row.notes, ...(await loadPartyLists(tx, rows.party, id)) };
}

export async function getParty<K extends string, R extends { notes: string | null }, S>(ctx: TenantCtx, rows: PartyRows<K, R, S>, idParam: string): Promise<PartyDetail<K, S>> {
  const id = assertId(idParam, rows.party.label);
  return withTenant(ctx, (tx) => loadParty(tx, rows, id));
}
