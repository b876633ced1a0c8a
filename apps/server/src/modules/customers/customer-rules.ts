import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { fieldError, notFound } from '../../platform/http/errors';
import { customers, groups } from './customers.tables';

/** Checks and invariants the customer writes share. */

export const EMAIL_TAKEN = 'A customer with this email already exists';
export const GROUP_NAME_TAKEN = 'A group with this name already exists';

/** Spec 5 "not already registered": one customer per e-mail in a company, whatever its case. */
export async function assertEmailFree(tx: Tx, email: string, exceptId?: string): Promise<void> {
  const key = email.toLowerCase();
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(exceptId ? and(eq(customers.emailKey, key), ne(customers.id, exceptId)) : eq(customers.emailKey, key))
    .limit(1);
  if (row) throw fieldError('email', EMAIL_TAKEN);
}

/** A customer's group is a customer group of the same company (another company's id simply does not exist). */
export async function assertCustomerGroup(tx: Tx, groupId: string): Promise<void> {
  const [row] = await tx.select({ type: groups.type }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!row || row.type !== 'customer') throw fieldError('group_id', 'The customer group does not exist');
}

/** Locks the customer for the rest of the transaction (address defaults, deletes); 404 when it is not there. */
export async function lockCustomer(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update').limit(1);
  if (!row) throw notFound('Customer');
}

export async function touchCustomer(tx: Tx, id: string): Promise<void> {
  await tx.update(customers).set({ updatedAt: sql`now()` }).where(eq(customers.id, id));
}

/**
 * Each kind of address a customer has keeps exactly one default. `chosen` addresses were just made the
 * default of their kind (the others of that kind lose it). A kind left without one gets the first of
 * `order` (a body's list order), else its oldest address, never preferring `avoid` (one just un-defaulted).
 */
export async function settleDefaults(tx: Tx, customerId: string, chosen: string[] = [], opts: { avoid?: string; order?: string[] } = {}): Promise<void> {
  for (const id of chosen) {
    await tx.execute(sql`
      UPDATE customer_addresses o SET is_default = (o.id = c.id), updated_at = now()
      FROM customer_addresses c
      WHERE c.id = ${id}::uuid AND o.customer_id = ${customerId}::uuid AND o.kind = c.kind AND o.is_default <> (o.id = c.id)`);
  }
  const order = `{${(opts.order ?? []).join(',')}}`;
  await tx.execute(sql`
    UPDATE customer_addresses SET is_default = true, updated_at = now()
    WHERE id IN (
      SELECT DISTINCT ON (a.kind) a.id FROM customer_addresses a
      WHERE a.customer_id = ${customerId}::uuid
        AND NOT EXISTS (SELECT 1 FROM customer_addresses d WHERE d.customer_id = a.customer_id AND d.kind = a.kind AND d.is_default)
      ORDER BY a.kind, a.id = ${opts.avoid ?? null}::uuid, array_position(${order}::uuid[], a.id), a.created_at, a.id)`);
}

/** A unique index a concurrent write won (same e-mail, same group name) answers the pre-check's 422. */
export async function mapUniqueRaces<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
    const on = (index: string) => e.constraint === index || (typeof e.message === 'string' && e.message.includes(index));
    if (e.code === '23505' && on('customers_email_key')) throw fieldError('email', EMAIL_TAKEN);
    if (e.code === '23505' && on('groups_name_key')) throw fieldError('name', GROUP_NAME_TAKEN);
    throw err;
  }
}
