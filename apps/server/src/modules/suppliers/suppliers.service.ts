import { eq, sql } from 'drizzle-orm';
import type { SupplierDto, TSupplierCreate, TSupplierUpdate } from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict } from '../../platform/http/errors';
import { definedValues, insertPartyLists, replacePartyLists } from '../parties/party-lists.service';
import { assertPartyGroup, lockParty } from '../parties/party-rules';
import { SUPPLIER_PARTY } from './supplier-party';
import { assertNameFree, HAS_PURCHASE_ORDERS, mapSupplierRaces } from './supplier-rules';
import { loadSupplier } from './suppliers.read';
import { suppliers } from './suppliers.tables';

/** Creating, changing and removing suppliers, with their addresses and contacts in the same body. */

type SupplierRow = typeof suppliers.$inferInsert;
const supplierValues = (input: TSupplierUpdate): Partial<SupplierRow> => definedValues<SupplierRow>(input, {
  name: 'name', email: 'email', phone: 'phone', website: 'website', payment_terms: 'paymentTerms', min_order: 'minOrder',
  lead_time_days: 'leadTimeDays', currency: 'currency', group_id: 'groupId', notes: 'notes',
});

export async function createSupplier(ctx: TenantCtx, input: TSupplierCreate): Promise<SupplierDto> {
  return mapSupplierRaces(() =>
    withTenant(ctx, async (tx) => {
      if (input.group_id) await assertPartyGroup(tx, 'supplier', input.group_id);
      await assertNameFree(tx, input.name);
      const [row] = await tx.insert(suppliers).values({ ...supplierValues(input), name: input.name, tenantId: ctx.tenantId }).returning({ id: suppliers.id });
      const id = row!.id;
      await insertPartyLists(tx, SUPPLIER_PARTY, ctx.tenantId, id, input);
      return loadSupplier(tx, id);
    }),
  );
}

export async function updateSupplier(ctx: TenantCtx, idParam: string, input: TSupplierUpdate): Promise<SupplierDto> {
  const id = assertId(idParam, 'Supplier');
  return mapSupplierRaces(() =>
    withTenant(ctx, async (tx) => {
      await lockParty(tx, SUPPLIER_PARTY, id);
      if (input.group_id) await assertPartyGroup(tx, 'supplier', input.group_id);
      if (input.name !== undefined) await assertNameFree(tx, input.name, id);
      await tx.update(suppliers).set({ ...supplierValues(input), updatedAt: sql`now()` }).where(eq(suppliers.id, id));
      await replacePartyLists(tx, SUPPLIER_PARTY, ctx.tenantId, id, input);
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
      await lockParty(tx, SUPPLIER_PARTY, id);
      const used = await queryRows(tx, sql`SELECT 1 FROM purchase_orders WHERE supplier_id = ${id}::uuid LIMIT 1`);
      if (used.length) throw conflict(HAS_PURCHASE_ORDERS);
      await tx.delete(suppliers).where(eq(suppliers.id, id));
    }),
  );
}
