import Decimal from 'decimal.js';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { paginate, type PackageDto, type Paginated, type TListQuery, type TPackageCreate, type TPackageUpdate } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, DomainError, fieldError, notFound } from '../../platform/http/errors';
import { packages, packageShipMethods, packageSkus, skus } from './catalog.tables';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';

/** Spec 3 Package: a box (or envelope, pallet...) with its dimensions, and the ship methods and SKUs it is exclusive to. */

type PackageRow = typeof packages.$inferSelect;
const DIMENSIONS = ['max_weight', 'outer_length', 'outer_width', 'outer_height', 'inner_length', 'inner_width', 'inner_height', 'volume_capacity'] as const;
const COLUMN = {
  max_weight: 'maxWeight', outer_length: 'outerLength', outer_width: 'outerWidth', outer_height: 'outerHeight', inner_length: 'innerLength',
  inner_width: 'innerWidth', inner_height: 'innerHeight', volume_capacity: 'volumeCapacity',
} as const satisfies Record<(typeof DIMENSIONS)[number], keyof PackageRow>;

function toDto(p: PackageRow, shipMethods: string[], skuRefs: { id: string; sku: string }[]): PackageDto {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    stackable: p.stackable,
    box_weight: p.boxWeight,
    ...(Object.fromEntries(DIMENSIONS.map((d) => [d, p[COLUMN[d]]])) as Record<(typeof DIMENSIONS)[number], string | null>),
    ship_methods: shipMethods,
    sku_ids: skuRefs.map((s) => s.id),
    skus: skuRefs,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

async function withParts(tx: Tx, rows: PackageRow[]): Promise<PackageDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const methods = await tx.select().from(packageShipMethods).where(inArray(packageShipMethods.packageId, ids)).orderBy(asc(packageShipMethods.shipMethod));
  const refs = await tx
    .select({ packageId: packageSkus.packageId, id: skus.id, sku: skus.sku })
    .from(packageSkus)
    .innerJoin(skus, eq(skus.id, packageSkus.skuId))
    .where(inArray(packageSkus.packageId, ids))
    .orderBy(asc(skus.sku));
  return rows.map((r) =>
    toDto(r, methods.filter((m) => m.packageId === r.id).map((m) => m.shipMethod), refs.filter((s) => s.packageId === r.id).map(({ id, sku }) => ({ id, sku }))),
  );
}

const ORDER = { name: sql`lower(${packages.name})`, type: packages.type, created_at: packages.createdAt, updated_at: packages.updatedAt };

/** Search form: name (contains), type, ship_method, sku (a SKU id the package is exclusive to); bare text matches the name. */
export async function listPackages(ctx: TenantCtx, query: TListQuery): Promise<Paginated<PackageDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  const name = fields.name ?? text;
  if (name) where.push(ilike(packages.name, containsPattern(name)));
  if (fields.type) where.push(eq(packages.type, fields.type.toLowerCase()));
  if (fields.ship_method) {
    where.push(inArray(packages.id, sql`(SELECT ${packageShipMethods.packageId} FROM ${packageShipMethods} WHERE ${packageShipMethods.shipMethod} = ${fields.ship_method})`));
  }
  if (fields.sku) where.push(inArray(packages.id, sql`(SELECT ${packageSkus.packageId} FROM ${packageSkus} WHERE ${packageSkus.skuId} = ${uuidOrNone(fields.sku)})`));
  where.push(...filterConditions(query.filters, { name: packages.name, type: packages.type, stackable: packages.stackable, created_at: packages.createdAt }));
  const condition = and(...where);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(packages).where(condition);
    const rows = await tx.select().from(packages).where(condition).orderBy(order, asc(packages.id)).limit(query.per_page).offset(offsetOf(query));
    return paginate(await withParts(tx, rows), total, query.page, query.per_page);
  });
}

async function answer(tx: Tx, id: string): Promise<PackageDto> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id)).limit(1);
  if (!row) throw notFound('Package');
  return (await withParts(tx, [row]))[0]!;
}

export async function getPackage(ctx: TenantCtx, idParam: string): Promise<PackageDto> {
  const id = assertId(idParam, 'Package');
  return withTenant(ctx, (tx) => answer(tx, id));
}

function columns(input: TPackageUpdate) {
  const out: Partial<Record<keyof PackageRow, unknown>> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.type !== undefined) out.type = input.type ?? 'box';
  if (input.stackable !== undefined) out.stackable = input.stackable;
  if (input.box_weight !== undefined) out.boxWeight = input.box_weight ?? '0';
  for (const d of DIMENSIONS) if (input[d] !== undefined) out[COLUMN[d]] = input[d];
  return out as Partial<typeof packages.$inferInsert>;
}

/**
 * Spec 5 "min cannot exceed max" on the package as it will be stored (a PUT may change only one side):
 * inner dimensions within the outer ones, the empty box within its max weight. Exact decimal comparison.
 */
function assertConsistent(p: { boxWeight: string; maxWeight: string | null } & Record<string, unknown>): void {
  const errs: Record<string, string[]> = {};
  for (const d of ['length', 'width', 'height'] as const) {
    const inner = p[`inner${d[0]!.toUpperCase()}${d.slice(1)}`] as string | null;
    const outer = p[`outer${d[0]!.toUpperCase()}${d.slice(1)}`] as string | null;
    if (inner && outer && new Decimal(inner).gt(outer)) errs[`inner_${d}`] = [`The inner ${d} cannot exceed the outer ${d}`];
  }
  if (p.maxWeight && new Decimal(p.boxWeight).gt(p.maxWeight)) errs.box_weight = ['The box weight cannot exceed the max weight'];
  const first = Object.values(errs)[0]?.[0];
  if (first) throw new DomainError('VALIDATION', first, { errors: errs });
}

async function replaceParts(tx: Tx, tenantId: string, packageId: string, input: TPackageUpdate): Promise<void> {
  if (input.ship_methods) {
    await tx.delete(packageShipMethods).where(eq(packageShipMethods.packageId, packageId));
    if (input.ship_methods.length) await tx.insert(packageShipMethods).values(input.ship_methods.map((shipMethod) => ({ tenantId, packageId, shipMethod })));
  }
  if (input.sku_ids) {
    const found = input.sku_ids.length ? await tx.select({ id: skus.id }).from(skus).where(inArray(skus.id, input.sku_ids)) : [];
    const known = new Set(found.map((f) => f.id));
    const missing = input.sku_ids.findIndex((id) => !known.has(id.toLowerCase()));
    if (missing >= 0) throw fieldError(`sku_ids.${missing}`, 'The SKU does not exist');
    await tx.delete(packageSkus).where(eq(packageSkus.packageId, packageId));
    if (input.sku_ids.length) await tx.insert(packageSkus).values(input.sku_ids.map((skuId) => ({ tenantId, packageId, skuId })));
  }
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const [row] = await tx.select({ id: packages.id }).from(packages).where(eq(sql`lower(${packages.name})`, name.toLowerCase())).limit(1);
  if (row && row.id !== exceptId) throw fieldError('name', 'A package with this name already exists');
}

export async function createPackage(ctx: TenantCtx, input: TPackageCreate): Promise<PackageDto> {
  return withTenant(ctx, async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(packages).values({ ...columns(input), name: input.name, tenantId: ctx.tenantId }).returning();
    assertConsistent(row!);
    await replaceParts(tx, ctx.tenantId, row!.id, input);
    return answer(tx, row!.id);
  });
}

export async function updatePackage(ctx: TenantCtx, idParam: string, input: TPackageUpdate): Promise<PackageDto> {
  const id = assertId(idParam, 'Package');
  return withTenant(ctx, async (tx) => {
    if (input.name !== undefined) await assertNameFree(tx, input.name, id);
    const [row] = await tx.update(packages).set({ ...columns(input), updatedAt: sql`now()` }).where(eq(packages.id, id)).returning();
    if (!row) throw notFound('Package');
    // Checked on the stored result; a refusal rolls the update back.
    assertConsistent(row);
    await replaceParts(tx, ctx.tenantId, id, input);
    return answer(tx, id);
  });
}

export async function deletePackage(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Package');
  await withTenant(ctx, async (tx) => {
    const rows = await tx.delete(packages).where(eq(packages.id, id)).returning({ id: packages.id });
    if (!rows.length) throw notFound('Package');
  });
}
