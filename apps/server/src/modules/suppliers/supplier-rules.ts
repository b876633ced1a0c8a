import { and, eq, ne, sql } from 'drizzle-orm';
import { SUPPLIER_NAME_TAKEN } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { groups } from '../customers/customers.tables';
import { suppliers } from './suppliers.tables';

/** Checks and invariants the supplier writes share. */

/** One supplier per name in a company, whatever its case (compared on the stored lower-cased key). */
export async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const key = name.toLowerCase();
  const [row] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(exceptId ? and(eq(suppliers.nameKey, key), ne(suppliers.id, exceptId)) : eq(suppliers.nameKey, key))
    .limit(1);
  if (row) throw fieldError('name', SUPPLIER_NAME_TAKEN);
}

/** A supplier's group is a supplier group of the same company (another company's id simply does not exist). */
export async function assertSupplierGroup(tx: Tx, groupId: string): Promise<void> {
  const [row] = await tx.select({ type: groups.type }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!row || row.type !== 'supplier') throw fieldError('group_id', 'The supplier group does not exist');
}

/** Locks the supplier for the rest of the transaction (address defaults, deletes); 404 when it is not there. */
export async function lockSupplier(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id)).for('update').limit(1);
  if (!row) throw notFound('Supplier');
}

export async function touchSupplier(tx: Tx, id: string): Promise<void> {
  await tx.update(suppliers).set({ updatedAt: sql`now()` }).where(eq(suppliers.id, id));
}

/**
 * Each kind of address a supplier has keeps exactly one default. `chosen` addresses were just made the
 * default of their kind; a kind left without one gets the first of `order` (a body's list order), else
 * its oldest address, never preferring `avoid` (one just un-defaulted).
 */
export async function settleDefaults(tx: Tx, supplierId: string, chosen: string[] = [], opts: { avoid?: string; order?: string[] } = {}): Promise<void> {
  for (const id of chosen) {
    await tx.execute(sql`
      UPDATE supplier_addresses o SET is_default = (o.id = c.id), updated_at = now()
      FROM supplier_addresses c
      WHERE c.id = ${id}::uuid AND o.supplier_id = ${supplierId}::uuid AND o.kind = c.kind AND o.is_default <> (o.id = c.id)`);
  }
  const order = `{${(opts.order ?? []).join(',')}}`;
  await tx.execute(sql`
    UPDATE supplier_addresses SET is_default = true, updated_at = now()
    WHERE id IN (
      SELECT DISTINCT ON (a.kind) a.id FROM supplier_addresses a
      WHERE a.supplier_id = ${supplierId}::uuid
        AND NOT EXISTS (SELECT 1 FROM supplier_addresses d WHERE d.supplier_id = a.supplier_id AND d.kind = a.kind AND d.is_default)
      ORDER BY a.kind, a.id = ${opts.avoid ?? null}::uuid, array_position(${order}::uuid[], a.id), a.created_at, a.id)`);
}

const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';

/**
 * Database refusals a concurrent write can still cause after the pre-checks: a name taken in a race
 * answers the pre-check's 422, a purchase order written for a supplier being deleted the 409.
 */
export async function mapSupplierRaces<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; message?: unknown; table?: unknown };
    const says = (text: string) => e.constraint === text || e.table === text || (typeof e.message === 'string' && e.message.includes(text));
    if (e.code === PG_UNIQUE && says('suppliers_name_key')) throw fieldError('name', SUPPLIER_NAME_TAKEN);
    if (e.code === PG_FOREIGN_KEY && says('purchase_orders')) throw conflict(HAS_PURCHASE_ORDERS);
    throw err;
  }
}

export const HAS_PURCHASE_ORDERS = 'The supplier has purchase orders and cannot be deleted';
