import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  MAX_CUSTOMER_ADDRESSES, MAX_CUSTOMER_CONTACTS, paginate, type Paginated, type TCustomerAddressCreate, type TCustomerAddressUpdate, type TCustomerContactCreate, type TCustomerContactUpdate,
  type TListQuery,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { lockCustomer, settleDefaults, touchCustomer } from './customer-rules';
import { addressDto, addressOrder, contactDto, type AddressDto, type ContactDto } from './customers.read';
import { addressValues, contactValues, insertAddresses } from './customers.service';
import { customerAddresses, customerContacts, customers } from './customers.tables';

/**
 * A customer's addresses and contacts as their own resources (/customers/{id}/addresses, /contacts).
 * Every write locks the customer first, so two writers never leave a kind with two default addresses.
 */

async function assertCustomer(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw notFound('Customer');
}

/* ------------------------------------------------------------------ addresses */

export async function listAddresses(ctx: TenantCtx, customerParam: string, query: TListQuery): Promise<Paginated<AddressDto>> {
  const customerId = assertId(customerParam, 'Customer');
  return withTenant(ctx, async (tx) => {
    await assertCustomer(tx, customerId);
    const where = eq(customerAddresses.customerId, customerId);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(customerAddresses).where(where);
    const rows = await tx.select().from(customerAddresses).where(where).orderBy(...addressOrder).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map(addressDto), total, query.page, query.per_page);
  });
}

async function loadAddress(tx: Tx, customerId: string, id: string): Promise<AddressDto> {
  const [row] = await tx.select().from(customerAddresses).where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id))).limit(1);
  if (!row) throw notFound('Address');
  return addressDto(row);
}

export async function getAddress(ctx: TenantCtx, customerParam: string, idParam: string): Promise<AddressDto> {
  const customerId = assertId(customerParam, 'Customer');
  const id = assertId(idParam, 'Address');
  return withTenant(ctx, async (tx) => {
    await assertCustomer(tx, customerId);
    return loadAddress(tx, customerId, id);
  });
}

/** The first address of a kind becomes its default; `is_default: true` takes the default from the others. */
export async function createAddress(ctx: TenantCtx, customerParam: string, input: TCustomerAddressCreate): Promise<AddressDto> {
  const customerId = assertId(customerParam, 'Customer');
  return withTenant(ctx, async (tx) => {
    await lockCustomer(tx, customerId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
    if (n >= MAX_CUSTOMER_ADDRESSES) throw fieldError('addresses', `At most ${MAX_CUSTOMER_ADDRESSES} addresses per customer`);
    const { ids, chosen } = await insertAddresses(tx, ctx.tenantId, customerId, [input]);
    const id = ids[0]!;
    await settleDefaults(tx, customerId, chosen);
    await touchCustomer(tx, customerId);
    return loadAddress(tx, customerId, id);
  });
}

export async function updateAddress(ctx: TenantCtx, customerParam: string, idParam: string, input: TCustomerAddressUpdate): Promise<AddressDto> {
  const customerId = assertId(customerParam, 'Customer');
  const id = assertId(idParam, 'Address');
  return withTenant(ctx, async (tx) => {
    await lockCustomer(tx, customerId);
    await loadAddress(tx, customerId, id);
    const set = { ...addressValues(input), ...(input.kind ? { kind: input.kind } : {}), ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}) };
    await tx.update(customerAddresses).set({ ...set, updatedAt: sql`now()` }).where(eq(customerAddresses.id, id));
    await settleDefaults(tx, customerId, input.is_default ? [id] : [], input.is_default === false ? { avoid: id } : {});
    await touchCustomer(tx, customerId);
    return loadAddress(tx, customerId, id);
  });
}

/** Removing the default hands it to the oldest remaining address of that kind. */
export async function deleteAddress(ctx: TenantCtx, customerParam: string, idParam: string): Promise<void> {
  const customerId = assertId(customerParam, 'Customer');
  const id = assertId(idParam, 'Address');
  await withTenant(ctx, async (tx) => {
    await lockCustomer(tx, customerId);
    await loadAddress(tx, customerId, id);
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, id));
    await settleDefaults(tx, customerId);
    await touchCustomer(tx, customerId);
  });
}

/* ------------------------------------------------------------------ contacts */

export async function listContacts(ctx: TenantCtx, customerParam: string, query: TListQuery): Promise<Paginated<ContactDto>> {
  const customerId = assertId(customerParam, 'Customer');
  return withTenant(ctx, async (tx) => {
    await assertCustomer(tx, customerId);
    const where = eq(customerContacts.customerId, customerId);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(customerContacts).where(where);
    const rows = await tx
      .select()
      .from(customerContacts)
      .where(where)
      .orderBy(asc(customerContacts.createdAt), asc(customerContacts.id))
      .limit(query.per_page)
      .offset(offsetOf(query));
    return paginate(rows.map(contactDto), total, query.page, query.per_page);
  });
}

async function loadContact(tx: Tx, customerId: string, id: string): Promise<ContactDto> {
  const [row] = await tx.select().from(customerContacts).where(and(eq(customerContacts.customerId, customerId), eq(customerContacts.id, id))).limit(1);
  if (!row) throw notFound('Contact');
  return contactDto(row);
}

export async function getContact(ctx: TenantCtx, customerParam: string, idParam: string): Promise<ContactDto> {
  const customerId = assertId(customerParam, 'Customer');
  const id = assertId(idParam, 'Contact');
  return withTenant(ctx, async (tx) => {
    await assertCustomer(tx, customerId);
    return loadContact(tx, customerId, id);
  });
}

export async function createContact(ctx: TenantCtx, customerParam: string, input: TCustomerContactCreate): Promise<ContactDto> {
  const customerId = assertId(customerParam, 'Customer');
  return withTenant(ctx, async (tx) => {
    await lockCustomer(tx, customerId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(customerContacts).where(eq(customerContacts.customerId, customerId));
    if (n >= MAX_CUSTOMER_CONTACTS) throw fieldError('contacts', `At most ${MAX_CUSTOMER_CONTACTS} contacts per customer`);
    const [row] = await tx
      .insert(customerContacts)
      .values({ ...contactValues(input), name: input.name, tenantId: ctx.tenantId, customerId })
      .returning({ id: customerContacts.id });
    await touchCustomer(tx, customerId);
    return loadContact(tx, customerId, row!.id);
  });
}

export async function updateContact(ctx: TenantCtx, customerParam: string, idParam: string, input: TCustomerContactUpdate): Promise<ContactDto> {
  const customerId = assertId(customerParam, 'Customer');
  const id = assertId(idParam, 'Contact');
  return withTenant(ctx, async (tx) => {
    await lockCustomer(tx, customerId);
    await loadContact(tx, customerId, id);
    await tx.update(customerContacts).set({ ...contactValues(input), updatedAt: sql`now()` }).where(eq(customerContacts.id, id));
    await touchCustomer(tx, customerId);
    return loadContact(tx, customerId, id);
  });
}

export async function deleteContact(ctx: TenantCtx, customerParam: string, idParam: string): Promise<void> {
  const customerId = assertId(customerParam, 'Customer');
  const id = assertId(idParam, 'Contact');
  await withTenant(ctx, async (tx) => {
    await lockCustomer(tx, customerId);
    await loadContact(tx, customerId, id);
    await tx.delete(customerContacts).where(eq(customerContacts.id, id));
    await touchCustomer(tx, customerId);
  });
}
