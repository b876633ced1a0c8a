import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { paginate, type Paginated, type TListQuery } from '@omnio/domain';
import type { AuthedCtx } from '../../platform/http/context';
import type { Queryable } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { assertId, fieldError, FieldErrors, notFound } from '../../platform/http/errors';
import { secretBoxFor } from '../../platform/crypto/secret-box';
import { companies } from '../companies/companies.tables';
import { warehouseCompanies, warehouses } from './warehouses.tables';
import type { TWarehouseConnection, TWarehouseCreate, TWarehouseUpdate, WarehouseDto } from '@omnio/domain';

/**
 * The platform's warehouses (docs/api-warehouses.md). Platform data: owner routes only, no tenant. The
 * connection password is sealed before it is stored and never leaves this module: COLUMNS does not select
 * it, an answer only says whether one is stored.
 */
const COLUMNS = {
  id: warehouses.id, name: warehouses.name, code: warehouses.code, provider: warehouses.provider, status: warehouses.status,
  address1: warehouses.address1, address2: warehouses.address2, city: warehouses.city, region: warehouses.region,
  postalCode: warehouses.postalCode, country: warehouses.country, timeZone: warehouses.timeZone, notes: warehouses.notes,
  connDriver: warehouses.connDriver, connHost: warehouses.connHost, connPort: warehouses.connPort, connDatabase: warehouses.connDatabase,
  connUsername: warehouses.connUsername, connCharset: warehouses.connCharset, connCollation: warehouses.connCollation,
  hasPassword: isNotNull(warehouses.connPasswordEnc),
  createdAt: warehouses.createdAt, updatedAt: warehouses.updatedAt,
};
type Row = { [K in keyof typeof COLUMNS]: unknown } & { createdAt: Date; updatedAt: Date; id: string };
interface CompanyRef { id: string; name: string }

function view(r: Row, served: CompanyRef[]): WarehouseDto {
  return {
    id: r.id,
    name: r.name as string,
    code: r.code as string,
    provider: r.provider as string,
    status: r.status as string,
    address1: r.address1 as string | null,
    address2: r.address2 as string | null,
    city: r.city as string | null,
    region: r.region as string | null,
    postal_code: r.postalCode as string | null,
    country: r.country as string | null,
    time_zone: r.timeZone as string,
    notes: r.notes as string | null,
    connection: {
      driver: r.connDriver as string | null,
      host: r.connHost as string | null,
      port: r.connPort as number | null,
      database: r.connDatabase as string | null,
      username: r.connUsername as string | null,
      charset: r.connCharset as string | null,
      collation: r.connCollation as string | null,
      has_password: Boolean(r.hasPassword),
    },
    companies: served,
    company_ids: served.map((c) => c.id),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

async function servedCompanies(db: Queryable, ids: string[]): Promise<Map<string, CompanyRef[]>> {
  const out = new Map<string, CompanyRef[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({ warehouseId: warehouseCompanies.warehouseId, id: companies.id, name: companies.name })
    .from(warehouseCompanies)
    .innerJoin(companies, eq(companies.id, warehouseCompanies.companyId))
    .where(inArray(warehouseCompanies.warehouseId, ids))
    .orderBy(asc(companies.name), asc(companies.id));
  for (const r of rows) out.get(r.warehouseId)?.push({ id: r.id, name: r.name });
  return out;
}

async function load(db: Queryable, id: string): Promise<WarehouseDto> {
  const [row] = await db.select(COLUMNS).from(warehouses).where(eq(warehouses.id, id)).limit(1);
  if (!row) throw notFound('Warehouse');
  return view(row as Row, (await servedCompanies(db, [id])).get(id)!);
}

async function assertCodeFree(db: Queryable, code: string, exceptId?: string): Promise<void> {
  const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(sql`lower(${warehouses.code}) = ${code.toLowerCase()}`).limit(1);
  if (row && row.id !== exceptId) throw fieldError('code', 'The code has already been taken');
}

async function assertCompaniesExist(db: Queryable, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids))).map((r) => r.id));
  const errors = new FieldErrors();
  ids.forEach((id, i) => {
    if (!found.has(id.toLowerCase())) errors.add(`company_ids.${i}`, 'The company does not exist');
  });
  errors.throwIfAny();
}

async function replaceCompanies(db: Queryable, warehouseId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  await assertCompaniesExist(db, unique);
  await db.delete(warehouseCompanies).where(eq(warehouseCompanies.warehouseId, warehouseId));
  if (unique.length) await db.insert(warehouseCompanies).values(unique.map((companyId) => ({ warehouseId, companyId })));
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

/** The connection columns a body changes; the password only when the body names it (absent: keep it). */
function connectionColumns(ctx: AuthedCtx, c: TWarehouseConnection | undefined) {
  if (!c) return {};
  const box = () => secretBoxFor(ctx.deps.config);
  return {
    ...(c.driver !== undefined ? { connDriver: c.driver } : {}),
    ...(c.host !== undefined ? { connHost: blank(c.host) } : {}),
    ...(c.port !== undefined ? { connPort: c.port } : {}),
    ...(c.database !== undefined ? { connDatabase: blank(c.database) } : {}),
    ...(c.username !== undefined ? { connUsername: blank(c.username) } : {}),
    ...(c.password !== undefined ? { connPasswordEnc: c.password === null ? null : box().seal(c.password) } : {}),
    ...(c.charset !== undefined ? { connCharset: blank(c.charset) } : {}),
    ...(c.collation !== undefined ? { connCollation: blank(c.collation) } : {}),
  };
}

function columns(ctx: AuthedCtx, input: TWarehouseUpdate) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.code !== undefined ? { code: input.code } : {}),
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.address1 !== undefined ? { address1: blank(input.address1) } : {}),
    ...(input.address2 !== undefined ? { address2: blank(input.address2) } : {}),
    ...(input.city !== undefined ? { city: blank(input.city) } : {}),
    ...(input.region !== undefined ? { region: blank(input.region) } : {}),
    ...(input.postal_code !== undefined ? { postalCode: blank(input.postal_code) } : {}),
    ...(input.country !== undefined ? { country: blank(input.country) } : {}),
    ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    ...(input.notes !== undefined ? { notes: blank(input.notes) } : {}),
    ...connectionColumns(ctx, input.connection),
  };
}

export async function createWarehouse(ctx: AuthedCtx, input: TWarehouseCreate): Promise<WarehouseDto> {
  return ctx.db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const [row] = await tx
      .insert(warehouses)
      .values({ ...columns(ctx, input), name: input.name, code: input.code })
      .returning({ id: warehouses.id });
    if (input.company_ids) await replaceCompanies(tx, row!.id, input.company_ids);
    return load(tx, row!.id);
  });
}

export async function getWarehouse(ctx: AuthedCtx, idParam: string): Promise<WarehouseDto> {
  return load(ctx.db, assertId(idParam, 'Warehouse'));
}

export async function updateWarehouse(ctx: AuthedCtx, idParam: string, input: TWarehouseUpdate): Promise<WarehouseDto> {
  const id = assertId(idParam, 'Warehouse');
  return ctx.db.transaction(async (tx) => {
    if (input.code !== undefined) await assertCodeFree(tx, input.code, id);
    const [row] = await tx
      .update(warehouses)
      .set({ ...columns(ctx, input), updatedAt: sql`now()` })
      .where(eq(warehouses.id, id))
      .returning({ id: warehouses.id });
    if (!row) throw notFound('Warehouse');
    if (input.company_ids) await replaceCompanies(tx, id, input.company_ids);
    return load(tx, id);
  });
}

export async function deleteWarehouse(ctx: AuthedCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Warehouse');
  const rows = await ctx.db.delete(warehouses).where(eq(warehouses.id, id)).returning({ id: warehouses.id });
  if (!rows.length) throw notFound('Warehouse');
}

const ORDER = {
  name: warehouses.name, code: warehouses.code, provider: warehouses.provider, status: warehouses.status, created_at: warehouses.createdAt,
} as const;

/** search: bare text matches name or code; fields name, code, provider, status, company (a company id). */
export async function listWarehouses(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<WarehouseDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.name) where.push(ilike(warehouses.name, containsPattern(fields.name)));
  if (fields.code) where.push(ilike(warehouses.code, containsPattern(fields.code)));
  if (fields.provider) where.push(eq(warehouses.provider, fields.provider.toLowerCase()));
  if (fields.status) where.push(eq(warehouses.status, fields.status.toUpperCase()));
  if (fields.company) {
    where.push(sql`EXISTS (SELECT 1 FROM warehouse_companies wc WHERE wc.warehouse_id = ${warehouses.id}
      AND wc.company_id = ${uuidOrNone(fields.company)}::uuid)`);
  }
  if (text) where.push(or(ilike(warehouses.name, containsPattern(text)), ilike(warehouses.code, containsPattern(text)))!);
  const condition = where.length ? and(...where) : undefined;
  const { order } = orderByClause(query, ORDER, 'name', 'ASC');
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(warehouses).where(condition);
  const rows = (await ctx.db
    .select(COLUMNS)
    .from(warehouses)
    .where(condition)
    .orderBy(order, asc(warehouses.id))
    .limit(query.per_page)
    .offset(offsetOf(query))) as Row[];
  const served = await servedCompanies(ctx.db, rows.map((r) => r.id));
  return paginate(rows.map((r) => view(r, served.get(r.id)!)), total, query.page, query.per_page);
}
