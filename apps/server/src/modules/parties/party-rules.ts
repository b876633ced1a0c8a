import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { GroupType } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { fieldError, notFound } from '../../platform/http/errors';
import type { PartyAddressTable, PartyContactTable, PartyTable, PgColumn } from './parties.tables';

/**
 * A customer or a supplier as the shared party code sees it: its tables and the words its messages use.
 * Each side declares one (customer-party.ts, supplier-party.ts); this module depends on neither.
 */
export interface Party<K extends string = string> {
  /** "Customer": ids and 404s ("Customer not found"). */
  label: string;
  /** "customer": the messages ("At most 20 addresses per customer"). */
  noun: string;
  table: PartyTable;
  addresses: PartyAddressTable;
  /** The addresses' column naming their owner (customer_id, supplier_id). */
  addressOwner: PgColumn;
  /** The order the screens show addresses in. */
  addressOrder: SQL[];
  contacts: PartyContactTable;
  contactOwner: PgColumn;
  maxAddresses: number;
  maxContacts: number;
  /** The address kinds this party has (only typed use: the answers' `kind`). */
  kinds: readonly K[];
}

export async function assertParty(tx: Tx, party: Party, id: string): Promise<void> {
  const [row] = await tx.select({ id: party.table.id }).from(party.table).where(eq(party.table.id, id)).limit(1);
  if (!row) throw notFound(party.label);
}

/** Locks the party for the rest of the transaction (address defaults, deletes); 404 when it is not there. */
export async function lockParty(tx: Tx, party: Party, id: string): Promise<void> {
  const [row] = await tx.select({ id: party.table.id }).from(party.table).where(eq(party.table.id, id)).for('update').limit(1);
  if (!row) throw notFound(party.label);
}

export async function touchParty(tx: Tx, party: Party, id: string): Promise<void> {
  await tx.update(party.table).set({ updatedAt: sql`now()` }).where(eq(party.table.id, id));
}

/**
 * One party per key in a company, whatever its case (a customer's e-mail, a supplier's name), compared on
 * the stored lower-cased `keyColumn`; `exceptId` is the party being changed.
 */
export async function assertKeyFree(tx: Tx, party: Party, keyColumn: PgColumn, value: string, exceptId: string | undefined, taken: () => Error): Promise<void> {
  const key = value.toLowerCase();
  const { table } = party;
  const [row] = await tx.select({ id: table.id }).from(table).where(exceptId ? and(eq(keyColumn, key), ne(table.id, exceptId)) : eq(keyColumn, key)).limit(1);
  if (row) throw taken();
}

/**
 * Each kind of address a party has keeps exactly one default. `chosen` addresses were just made the
 * default of their kind (the others of that kind lose it). A kind left without one gets the first of
 * `order` (a body's list order), else its oldest address, never preferring `avoid` (one just un-defaulted).
 */
export async function settleDefaults(
  tx: Tx, party: Party, ownerId: string, chosen: string[] = [], opts: { avoid?: string; order?: string[] } = {},
): Promise<void> {
  const addresses = party.addresses;
  const owner = sql.identifier(party.addressOwner.name);
  for (const id of chosen) {
    await tx.execute(sql`
      UPDATE ${addresses} o SET is_default = (o.id = c.id), updated_at = now()
      FROM ${addresses} c
      WHERE c.id = ${id}::uuid AND o.${owner} = ${ownerId}::uuid AND o.kind = c.kind AND o.is_default <> (o.id = c.id)`);
  }
  const order = `{${(opts.order ?? []).join(',')}}`;
  await tx.execute(sql`
    UPDATE ${addresses} SET is_default = true, updated_at = now()
    WHERE id IN (
      SELECT DISTINCT ON (a.kind) a.id FROM ${addresses} a
      WHERE a.${owner} = ${ownerId}::uuid
        AND NOT EXISTS (SELECT 1 FROM ${addresses} d WHERE d.${owner} = a.${owner} AND d.kind = a.kind AND d.is_default)
      ORDER BY a.kind, a.id = ${opts.avoid ?? null}::uuid, array_position(${order}::uuid[], a.id), a.created_at, a.id)`);
}

/**
 * A party's group is a group of its type in the same company (another company's id simply does not exist).
 * Read by name: the groups table belongs to the customers module, which depends on this one.
 */
export async function assertPartyGroup(tx: Tx, type: GroupType, groupId: string): Promise<void> {
  const [row] = await queryRows<{ type: string }>(tx, sql`SELECT type FROM groups WHERE id = ${groupId}::uuid LIMIT 1`);
  if (!row || row.type !== type) throw fieldError('group_id', `The ${type} group does not exist`);
}

export const PG_UNIQUE = '23505';
export const PG_FOREIGN_KEY = '23503';

/** A database refusal a concurrent write can still cause after the pre-checks, and the answer the pre-check gives. */
export interface Race {
  code: typeof PG_UNIQUE | typeof PG_FOREIGN_KEY;
  /** The index, constraint or table the refusal names. */
  on: string;
  answer: () => Error;
}

/** Runs `run`; a refusal listed in `races` answers what the pre-check would have (422 or 409), not a 500. */
export async function mapRaces<T>(races: readonly Race[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; message?: unknown; table?: unknown };
    const says = (text: string) => e.constraint === text || e.table === text || (typeof e.message === 'string' && e.message.includes(text));
    const race = races.find((r) => e.code === r.code && says(r.on));
    if (race) throw race.answer();
    throw err;
  }
}
