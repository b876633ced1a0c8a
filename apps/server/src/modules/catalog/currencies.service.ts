import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { paginate, type CurrencyDto, type Paginated, type TCurrencyCreate, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { currencies } from './catalog.tables';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';

type CurrencyRow = typeof currencies.$inferSelect;
const toDto = (c: CurrencyRow): CurrencyDto => ({
  id: c.id,
  iso: c.iso,
  symbol: c.symbol,
  // A decimal string: rates are money arithmetic, never a float.
  exchange_rate: c.exchangeRate,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

const ORDER = { iso: currencies.iso, created_at: currencies.createdAt, updated_at: currencies.updatedAt };

export async function listCurrencies(ctx: TenantCtx, query: TListQuery): Promise<Paginated<CurrencyDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.iso) where.push(eq(currencies.iso, fields.iso.toUpperCase()));
  if (text) where.push(or(eq(currencies.iso, text.toUpperCase()), ilike(currencies.symbol, containsPattern(text)))!);
  where.push(...filterConditions(query.filters, { iso: currencies.iso, created_at: currencies.createdAt }));
  const condition = and(...where);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(currencies).where(condition);
    const rows = await tx.select().from(currencies).where(condition).orderBy(order, asc(currencies.id)).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map(toDto), total, query.page, query.per_page);
  });
}

export async function getCurrency(ctx: TenantCtx, idParam: string): Promise<CurrencyDto> {
  const id = assertId(idParam, 'Currency');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id)).limit(1);
    if (!row) throw notFound('Currency');
    return toDto(row);
  });
}

async function assertIsoFree(tx: Tx, iso: string, exceptId?: string): Promise<void> {
  const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.iso, iso)).limit(1);
  if (row && row.id !== exceptId) throw fieldError('iso', 'The currency already exists');
}

export async function createCurrency(ctx: TenantCtx, input: TCurrencyCreate): Promise<CurrencyDto> {
  return withTenant(ctx, async (tx) => {
    await assertIsoFree(tx, input.iso);
    const [row] = await tx
      .insert(currencies)
      .values({ tenantId: ctx.tenantId, iso: input.iso, symbol: input.symbol ?? '', ...(input.exchange_rate ? { exchangeRate: input.exchange_rate } : {}) })
      .returning();
    return toDto(row!);
  });
}

export async function updateCurrency(ctx: TenantCtx, idParam: string, input: Partial<TCurrencyCreate>): Promise<CurrencyDto> {
  const id = assertId(idParam, 'Currency');
  return withTenant(ctx, async (tx) => {
    if (input.iso !== undefined) await assertIsoFree(tx, input.iso, id);
    const [row] = await tx
      .update(currencies)
      .set({
        ...(input.iso !== undefined ? { iso: input.iso } : {}),
        ...(input.symbol !== undefined ? { symbol: input.symbol } : {}),
        ...(input.exchange_rate !== undefined ? { exchangeRate: input.exchange_rate } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(currencies.id, id))
      .returning();
    if (!row) throw notFound('Currency');
    return toDto(row);
  });
}

/** Prices carry their currency as an ISO code, not a reference, so removing a currency leaves them as they are. */
export async function deleteCurrency(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Currency');
  await withTenant(ctx, async (tx) => {
    const rows = await tx.delete(currencies).where(eq(currencies.id, id)).returning({ id: currencies.id });
    if (!rows.length) throw notFound('Currency');
  });
}
