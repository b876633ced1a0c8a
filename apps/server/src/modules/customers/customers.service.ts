import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_IDENTITY_MESSAGE, type CustomerDto, type TCustomerCreate, type TCustomerUpdate } from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError } from '../../platform/http/errors';
import { queryRows } from '../../platform/db/rows';
import { definedValues, insertPartyLists, replacePartyLists } from '../parties/party-lists.service';
import { assertPartyGroup, lockParty } from '../parties/party-rules';
import { CUSTOMER_PARTY } from './customer-party';
import { assertEmailFree, mapUniqueRaces } from './customer-rules';
import { loadCustomer } from './customers.read';
import { customers } from './customers.tables';

/** Creating, changing and removing customers, with their addresses and contacts in the same body. */

type CustomerRow = typeof customers.$inferInsert;
const customerValues = (input: TCustomerUpdate): Partial<CustomerRow> => definedValues<CustomerRow>(input, {
  first_name: 'firstName', last_name: 'lastName', email: 'email', phone: 'phone', company: 'company', group_id: 'groupId', notes: 'notes',
});

export async function createCustomer(ctx: TenantCtx, input: TCustomerCreate): Promise<CustomerDto> {
  return mapUniqueRaces(() =>
    withTenant(ctx, async (tx) => {
      if (input.group_id) await assertPartyGroup(tx, 'customer', input.group_id);
      if (input.email) await assertEmailFree(tx, input.email);
      const [row] = await tx.insert(customers).values({ ...customerValues(input), tenantId: ctx.tenantId }).returning({ id: customers.id });
      const id = row!.id;
      await insertPartyLists(tx, CUSTOMER_PARTY, ctx.tenantId, id, input);
      return loadCustomer(tx, id);
    }),
  );
}

export async function updateCustomer(ctx: TenantCtx, idParam: string, input: TCustomerUpdate): Promise<CustomerDto> {
  const id = assertId(idParam, 'Customer');
  return mapUniqueRaces(() =>
    withTenant(ctx, async (tx) => {
      await lockParty(tx, CUSTOMER_PARTY, id);
      if (input.group_id) await assertPartyGroup(tx, 'customer', input.group_id);
      if (input.email) await assertEmailFree(tx, input.email, id);
      await tx.update(customers).set({ ...customerValues(input), updatedAt: sql`now()` }).where(eq(customers.id, id));
      await replacePartyLists(tx, CUSTOMER_PARTY, ctx.tenantId, id, input);
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
    await lockParty(tx, CUSTOMER_PARTY, id);
    const used = await queryRows(tx, sql`SELECT 1 FROM orders WHERE customer_id = ${id}::uuid LIMIT 1`);
    if (used.length) throw conflict('The customer has orders and cannot be deleted');
    await tx.delete(customers).where(eq(customers.id, id));
  });
}
