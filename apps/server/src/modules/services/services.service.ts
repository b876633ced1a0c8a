import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  LISTED_SERVICE_STATUSES, paginate, serviceAllowedActions, serviceStatusAllows, serviceTransition, SERVICE_CATEGORIES, SERVICE_STATUSES,
  type Paginated, type ServiceAction, type ServiceCatalogItem, type ServiceView, type TListQuery, type TServiceCreate, type TServiceUpdate,
} from '@omnio/domain';
import type { Queryable } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, invalidTransition, notFound } from '../../platform/http/errors';
import { services } from './services.tables';

/** The integration catalogue (docs/api-services.md): owner CRUD, the lifecycle, and what tenants may install. */

type Row = typeof services.$inferSelect;

function view(ctx: AuthedCtx, r: Row): ServiceView {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    category: r.category as ServiceView['category'],
    description: r.description,
    logo_url: r.logoUrl,
    status: r.status as ServiceView['status'],
    allowed_actions: serviceAllowedActions(r.status, ctx.principal.permissions),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

async function load(db: Queryable, idParam: string): Promise<Row> {
  const [row] = await db.select().from(services).where(eq(services.id, assertId(idParam, 'Service'))).limit(1);
  if (!row) throw notFound('Service');
  return row;
}

const ORDER = { name: services.name, key: services.key, status: services.status, category: services.category, created_at: services.createdAt } as const;

/** search: bare text (name or key), or `status:PAUSE;category:warehouse;name:...`. */
export async function listServices(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<ServiceView>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.status) {
    const status = fields.status.toUpperCase();
    if (!(SERVICE_STATUSES as readonly string[]).includes(status)) throw fieldError('search', `Unknown status ${fields.status}`);
    where.push(eq(services.status, status));
  }
  if (fields.category) {
    if (!(SERVICE_CATEGORIES as readonly string[]).includes(fields.category)) throw fieldError('search', `Unknown category ${fields.category}`);
    where.push(eq(services.category, fields.category));
  }
  if (fields.name) where.push(ilike(services.name, containsPattern(fields.name)));
  if (text) where.push(or(ilike(services.name, containsPattern(text)), ilike(services.key, containsPattern(text)))!);
  const condition = where.length ? and(...where) : undefined;
  const { order } = orderByClause(query, ORDER, 'name', 'ASC');
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(services).where(condition);
  const rows = await ctx.db.select().from(services).where(condition).orderBy(order, services.id).limit(query.per_page).offset(offsetOf(query));
  return paginate(rows.map((r) => view(ctx, r)), Number(total), query.page, query.per_page);
}

export const getService = async (ctx: AuthedCtx, id: string) => view(ctx, await load(ctx.db, id));

async function assertKeyFree(db: Queryable, key: string): Promise<void> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.key, key)).limit(1);
  if (row) throw fieldError('key', 'A service with this key already exists');
}

export async function createService(ctx: AuthedCtx, input: TServiceCreate): Promise<ServiceView> {
  return ctx.db.transaction(async (tx) => {
    await assertKeyFree(tx, input.key);
    const [row] = await tx
      .insert(services)
      .values({ key: input.key, name: input.name, category: input.category, description: input.description, logoUrl: input.logo_url, status: input.status })
      .returning();
    return view(ctx, row!);
  });
}

export async function updateService(ctx: AuthedCtx, id: string, input: TServiceUpdate): Promise<ServiceView> {
  const [row] = await ctx.db
    .update(services)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.logo_url !== undefined ? { logoUrl: input.logo_url } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(services.id, assertId(id, 'Service')))
    .returning();
  if (!row) throw notFound('Service');
  return view(ctx, row);
}

/** Only an INACTIVE service may go: no tenant can be installing it, and nobody sees it any more. */
export async function deleteService(ctx: AuthedCtx, id: string): Promise<void> {
  const current = await load(ctx.db, id);
  const refused = () => invalidTransition(current.status, 'delete', 'Deactivate the service before deleting it');
  if (!serviceStatusAllows(current.status, 'delete')) throw refused();
  // Conditional on the status read: a concurrent activate wins over the delete.
  const gone = await ctx.db.delete(services).where(and(eq(services.id, current.id), eq(services.status, current.status))).returning({ id: services.id });
  if (!gone.length) throw refused();
}

/**
 * pause / deactivate / activate through the table of packages/domain/src/services.ts, applied with a
 * conditional UPDATE on the status read, so two owners racing cannot skip a state.
 */
export async function transitionService(ctx: AuthedCtx, id: string, action: ServiceAction): Promise<ServiceView> {
  const current = await load(ctx.db, id);
  const next = serviceTransition(current.status, action);
  const refused = () => invalidTransition(current.status, action, `A ${current.status} service cannot ${action}`);
  if (!next) throw refused();
  const [row] = await ctx.db
    .update(services)
    .set({ status: next, updatedAt: sql`now()` })
    .where(and(eq(services.id, current.id), eq(services.status, current.status)))
    .returning();
  if (!row) throw refused();
  return view(ctx, row);
}

const catalogItem = (r: Row): ServiceCatalogItem => ({
  key: r.key,
  name: r.name,
  category: r.category as ServiceCatalogItem['category'],
  description: r.description,
  logo_url: r.logoUrl,
  status: r.status as ServiceCatalogItem['status'],
  installable: serviceStatusAllows(r.status, 'opens'),
});

/** The tenant's catalogue: ACTIVE and PAUSE services (INACTIVE ones are hidden); search by name or key. */
export async function listCatalog(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<ServiceCatalogItem>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [inArray(services.status, LISTED_SERVICE_STATUSES)];
  if (fields.category) where.push(eq(services.category, fields.category));
  if (text) where.push(or(ilike(services.name, containsPattern(text)), ilike(services.key, containsPattern(text)))!);
  const condition = and(...where);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(services).where(condition);
  const rows = await ctx.db.select().from(services).where(condition).orderBy(services.category, services.name).limit(query.per_page).offset(offsetOf(query));
  return paginate(rows.map(catalogItem), Number(total), query.page, query.per_page);
}

/**
 * Refuses a new process for a driver whose service is not ACTIVE (PAUSE: existing processes keep working, no
 * new installs; INACTIVE or absent from the catalogue: not offered at all). Runs in the caller's transaction.
 */
export async function assertServiceInstallable(db: Queryable, driver: string): Promise<void> {
  const [row] = await db.select({ status: services.status }).from(services).where(eq(services.key, driver)).limit(1);
  if (row && serviceStatusAllows(row.status, 'opens')) return;
  throw conflict(row && serviceStatusAllows(row.status, 'listed') ? 'This service is paused' : 'This service is not available');
}
