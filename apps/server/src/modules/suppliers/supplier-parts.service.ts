import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  MAX_SUPPLIER_ADDRESSES, MAX_SUPPLIER_CONTACTS, paginate, type Paginated, type TListQuery, type TSupplierAddressCreate, type TSupplierAddressUpdate,
  type TSupplierContactCreate, type TSupplierContactUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { lockSupplier, settleDefaults, touchSupplier } from './supplier-rules';
import { supplierAddressDto, supplierAddressOrder, supplierContactDto, type SupplierAddressDto, type SupplierContactDto } from './suppliers.read';
import { insertSupplierAddresses, supplierAddressValues, supplierContactValues } from './suppliers.service';
import { supplierAddresses, supplierContacts, suppliers } from './suppliers.tables';

/**
 * A supplier's addresses and contacts as their own resources (/suppliers/{id}/addresses, /contacts).
 * Every write locks the supplier first, so two writers never leave a kind with two default addresses.
 */

async function assertSupplier(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!row) throw notFound('Supplier');
}

/* ------------------------------------------------------------------ addresses */

export async function listSupplierAddresses(ctx: TenantCtx, supplierParam: string, query: TListQuery): Promise<Paginated<SupplierAddressDto>> {
  const supplierId = assertId(supplierParam, 'Supplier');
  return withTenant(ctx, async (tx) => {
    await assertSupplier(tx, supplierId);
    const where = eq(supplierAddresses.supplierId, supplierId);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(supplierAddresses).where(where);
    const rows = await tx.select().from(supplierAddresses).where(where).orderBy(...supplierAddressOrder).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map(supplierAddressDto), total, query.page, query.per_page);
  });
}

async function loadAddress(tx: Tx, supplierId: string, id: string): Promise<SupplierAddressDto> {
  const [row] = await tx.select().from(supplierAddresses).where(and(eq(supplierAddresses.supplierId, supplierId), eq(supplierAddresses.id, id))).limit(1);
  if (!row) throw notFound('Address');
  return supplierAddressDto(row);
}

export async function getSupplierAddress(ctx: TenantCtx, supplierParam: string, idParam: string): Promise<SupplierAddressDto> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const id = assertId(idParam, 'Address');
  return withTenant(ctx, async (tx) => {
    await assertSupplier(tx, supplierId);
    return loadAddress(tx, supplierId, id);
  });
}

/** The first address of a kind becomes its default; `is_default: true` takes the default from the others. */
export async function createSupplierAddress(ctx: TenantCtx, supplierParam: string, input: TSupplierAddressCreate): Promise<SupplierAddressDto> {
  const supplierId = assertId(supplierParam, 'Supplier');
  return withTenant(ctx, async (tx) => {
    await lockSupplier(tx, supplierId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(supplierAddresses).where(eq(supplierAddresses.supplierId, supplierId));
    if (n >= MAX_SUPPLIER_ADDRESSES) throw fieldError('addresses', `At most ${MAX_SUPPLIER_ADDRESSES} addresses per supplier`);
    const { ids, chosen } = await insertSupplierAddresses(tx, ctx.tenantId, supplierId, [input]);
    await settleDefaults(tx, supplierId, chosen);
    await touchSupplier(tx, supplierId);
    return loadAddress(tx, supplierId, ids[0]!);
  });
}

export async function updateSupplierAddress(ctx: TenantCtx, supplierParam: string, idParam: string, input: TSupplierAddressUpdate): Promise<SupplierAddressDto> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const id = assertId(idParam, 'Address');
  return withTenant(ctx, async (tx) => {
    await lockSupplier(tx, supplierId);
    await loadAddress(tx, supplierId, id);
    const set = { ...supplierAddressValues(input), ...(input.kind ? { kind: input.kind } : {}), ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}) };
    await tx.update(supplierAddresses).set({ ...set, updatedAt: sql`now()` }).where(eq(supplierAddresses.id, id));
    await settleDefaults(tx, supplierId, input.is_default ? [id] : [], input.is_default === false ? { avoid: id } : {});
    await touchSupplier(tx, supplierId);
    return loadAddress(tx, supplierId, id);
  });
}

/** Removing the default hands it to the oldest remaining address of that kind. */
export async function deleteSupplierAddress(ctx: TenantCtx, supplierParam: string, idParam: string): Promise<void> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const id = assertId(idParam, 'Address');
  await withTenant(ctx, async (tx) => {
    await lockSupplier(tx, supplierId);
    await loadAddress(tx, supplierId, id);
    await tx.delete(supplierAddresses).where(eq(supplierAddresses.id, id));
    await settleDefaults(tx, supplierId);
    await touchSupplier(tx, supplierId);
  });
}

/* ------------------------------------------------------------------ contacts */

export async function listSupplierContacts(ctx: TenantCtx, supplierParam: string, query: TListQuery): Promise<Paginated<SupplierContactDto>> {
  const supplierId = assertId(supplierParam, 'Supplier');
  return withTenant(ctx, async (tx) => {
    await assertSupplier(tx, supplierId);
    const where = eq(supplierContacts.supplierId, supplierId);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(supplierContacts).where(where);
    const rows = await tx.select().from(supplierContacts).where(where)
      .orderBy(asc(supplierContacts.createdAt), asc(supplierContacts.id)).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map(supplierContactDto), total, query.page, query.per_page);
  });
}

async function loadContact(tx: Tx, supplierId: string, id: string): Promise<SupplierContactDto> {
  const [row] = await tx.select().from(supplierContacts).where(and(eq(supplierContacts.supplierId, supplierId), eq(supplierContacts.id, id))).limit(1);
  if (!row) throw notFound('Contact');
  return supplierContactDto(row);
}

export async function getSupplierContact(ctx: TenantCtx, supplierParam: string, idParam: string): Promise<SupplierContactDto> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const id = assertId(idParam, 'Contact');
  return withTenant(ctx, async (tx) => {
    await assertSupplier(tx, supplierId);
    return loadContact(tx, supplierId, id);
  });
}

export async function createSupplierContact(ctx: TenantCtx, supplierParam: string, input: TSupplierContactCreate): Promise<SupplierContactDto> {
  const supplierId = assertId(supplierParam, 'Supplier');
  return withTenant(ctx, async (tx) => {
    await lockSupplier(tx, supplierId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(supplierContacts).where(eq(supplierContacts.supplierId, supplierId));
    if (n >= MAX_SUPPLIER_CONTACTS) throw fieldError('contacts', `At most ${MAX_SUPPLIER_CONTACTS} contacts per supplier`);
    const [row] = await tx
      .insert(supplierContacts)
      .values({ ...supplierContactValues(input), name: input.name, tenantId: ctx.tenantId, supplierId })
      .returning({ id: supplierContacts.id });
    await touchSupplier(tx, supplierId);
    return loadContact(tx, supplierId, row!.id);
  });
}

export async function updateSupplierContact(ctx: TenantCtx, supplierParam: string, idParam: string, input: TSupplierContactUpdate): Promise<SupplierContactDto> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const id = assertId(idParam, 'Contact');
  return withTenant(ctx, async (tx) => {
    await lockSupplier(tx, supplierId);
    await loadContact(tx, supplierId, id);
    await tx.update(supplierContacts).set({ ...supplierContactValues(input), updatedAt: sql`now()` }).where(eq(supplierContacts.id, id));
    await touchSupplier(tx, supplierId);
    return loadContact(tx, supplierId, id);
  });
}

export async function deleteSupplierContact(ctx: TenantCtx, supplierParam: string, idParam: string): Promise<void> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const id = assertId(idParam, 'Contact');
  await withTenant(ctx, async (tx) => {
    await lockSupplier(tx, supplierId);
    await loadContact(tx, supplierId, id);
    await tx.delete(supplierContacts).where(eq(supplierContacts.id, id));
    await touchSupplier(tx, supplierId);
  });
}
