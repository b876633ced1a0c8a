import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  PRODUCT_CSV_COLUMNS, protectCsvRow, unprotectCsvText, ZDimension, ZMoney, ZSkuCode, type ProductImportReportDto, type TListQuery, type TPriceInput,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { DomainError, fieldError } from '../../platform/http/errors';
import { can } from '../../platform/http/permissions';
import { brands, categories, products, skuPrices, skus } from './catalog.tables';
import { productConditions } from './products.service';
import { insertSku, updateSku } from './skus.write';

/**
 * Products CSV (docs/api-catalog.md): one row per SKU with the columns of PRODUCT_CSV_COLUMNS. Import keys
 * rows by SKU code (existing codes are updated, new ones created) and writes each row all or nothing:
 * good rows land, bad rows come back as {line, sku, message}. Export writes the same columns, so a file
 * exported from one company imports into another as the same catalog.
 */

export const MAX_IMPORT_ROWS = 20_000;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
type Row = Partial<Record<Column, string>>;
/**
 * The text columns, which the formula-injection policy protects (packages/domain csv-cells.ts): a cell a
 * spreadsheet would run (`=HYPERLINK(…)` as a name) gets a leading quote on export and loses it on import,
 * so a file round-trips exactly. Weights, prices and pack quantities are numbers and are never touched.
 */
const TEXT_COLUMNS = ['product_name', 'sku', 'sku_name', 'type', 'barcode', 'category', 'brand', 'pack_of_sku'] as const satisfies readonly Column[];
const isText = (column: string) => (TEXT_COLUMNS as readonly string[]).includes(column);

export type ImportReport = ProductImportReportDto;

const blankToUndefined = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);
const ZRow = z.object({
  product_name: z.string().max(200).optional(),
  sku: ZSkuCode,
  sku_name: z.string().max(200).optional(),
  type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase().replace(/ SKU$/, '') || undefined : v), z.enum(['REGULAR', 'PACK']).optional()),
  barcode: z.string().max(64).optional(),
  weight: ZDimension.optional(),
  category: z.string().max(200).optional(),
  brand: z.string().max(200).optional(),
  price_retail: ZMoney.optional(),
  price_buy: ZMoney.optional(),
  pack_of_sku: ZSkuCode.optional(),
  pack_quantity: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int('The pack quantity must be a whole number').min(2, 'A pack holds at least 2 units').max(100_000)).optional(),
});
type ParsedRow = z.infer<typeof ZRow>;

/** Request fields (of the SKU body the row becomes) back to the CSV column a user can fix. */
const COLUMN_OF: Record<string, Column> = { sku: 'sku', name: 'sku_name', 'pack_of.sku': 'pack_of_sku', 'pack_of.quantity': 'pack_quantity', product_id: 'product_name' };

function rowMessage(err: unknown): string | null {
  if (err instanceof DomainError) {
    const [field, messages] = Object.entries(err.extra.errors ?? {})[0] ?? [];
    if (!field) return err.message;
    const column = COLUMN_OF[field] ?? (field.startsWith('prices') ? 'price' : field.startsWith('aliases') ? 'sku' : field);
    return `${column}: ${messages?.[0] ?? err.message}`;
  }
  // A database refusal the checks did not foresee (a race with another writer): report the row, keep the rest.
  const { code, constraint } = err as { code?: unknown; constraint?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    if (code === '23505') return String(constraint).includes('sku') ? 'sku: The SKU has already been taken' : 'A record with these values already exists';
    return 'The row could not be saved';
  }
  return null;
}

/** Reads the file into header-checked rows; a file that is not CSV, or has unknown columns, is a 422 on `file`. */
function readRows(file: Buffer): { line: number; values: Row; width: number; columns: number }[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(file, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof records;
  } catch (err) {
    throw fieldError('file', `The file is not a valid CSV: ${(err as Error).message}`);
  }
  const [head, ...body] = records;
  if (!head) throw fieldError('file', 'The file is empty');
  const header = head.record.map((h) => h.toLowerCase());
  const unknown = header.filter((h) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) throw fieldError('file', `Unknown columns: ${unknown.join(', ')} (expected ${PRODUCT_CSV_COLUMNS.join(', ')})`);
  if (!header.includes('sku')) throw fieldError('file', 'The column sku is required');
  if (body.length > MAX_IMPORT_ROWS) throw fieldError('file', `At most ${MAX_IMPORT_ROWS} rows per file`);
  return body.map(({ record, info }) => ({
    line: info.lines,
    values: Object.fromEntries(header.map((h, i) => {
      const cell = blankToUndefined(record[i]);
      return [h, cell !== undefined && isText(h) ? unprotectCsvText(cell) : cell];
    })) as Row,
    width: record.length,
    columns: header.length,
  }));
}

/** Finds a category or brand by name (any case), creating it: an import names them, it does not know their ids. */
async function namedId(tx: Tx, ctx: TenantCtx, table: typeof categories | typeof brands, name: string): Promise<string> {
  const [found] = await tx.select({ id: table.id }).from(table).where(eq(sql`lower(${table.name})`, name.toLowerCase())).limit(1);
  if (found) return found.id;
  const [made] = await tx.insert(table).values({ tenantId: ctx.tenantId, name }).returning({ id: table.id });
  return made!.id;
}

async function productFor(tx: Tx, ctx: TenantCtx, row: ParsedRow): Promise<string | undefined> {
  if (!row.product_name) return undefined;
  const categoryId = row.category ? await namedId(tx, ctx, categories, row.category) : undefined;
  const brandId = row.brand ? await namedId(tx, ctx, brands, row.brand) : undefined;
  const refs = { ...(categoryId ? { categoryId } : {}), ...(brandId ? { brandId } : {}) };
  // Product names are not unique; an import attaches to the oldest product of that name.
  const [found] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(sql`lower(${products.name})`, row.product_name.toLowerCase()))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(1);
  if (found) {
    if (Object.keys(refs).length) await tx.update(products).set({ ...refs, updatedAt: sql`now()` }).where(eq(products.id, found.id));
    return found.id;
  }
  const [made] = await tx.insert(products).values({ tenantId: ctx.tenantId, name: row.product_name, ...refs }).returning({ id: products.id });
  return made!.id;
}

/** The row's two price columns over the SKU's other prices, which a CSV cannot express and must not lose. */
async function mergedPrices(tx: Tx, skuId: string | undefined, row: ParsedRow): Promise<TPriceInput[] | undefined> {
  if (!row.price_retail && !row.price_buy) return undefined;
  const kept = skuId ? await tx.select().from(skuPrices).where(eq(skuPrices.skuId, skuId)) : [];
  const prices = new Map<string, TPriceInput>(kept.map((p) => [p.code, { code: p.code as TPriceInput['code'], value: p.value, currency: p.currency }]));
  const currency = (code: string) => prices.get(code)?.currency ?? 'USD';
  if (row.price_retail) prices.set('RETAIL', { code: 'RETAIL', value: row.price_retail, currency: currency('RETAIL') });
  if (row.price_buy) prices.set('BUY', { code: 'BUY', value: row.price_buy, currency: currency('BUY') });
  return [...prices.values()];
}

/** One row, inside its own savepoint. Answers whether it created or updated a SKU. */
async function importRow(tx: Tx, ctx: TenantCtx, row: ParsedRow): Promise<'created' | 'updated'> {
  const type = row.type ?? (row.pack_of_sku ? 'PACK' : 'REGULAR');
  const packOf = type === 'PACK' ? (row.pack_of_sku && row.pack_quantity ? { sku: row.pack_of_sku, quantity: row.pack_quantity } : null) : undefined;
  if (type === 'PACK' && !packOf) throw fieldError('pack_of.sku', 'A PACK needs pack_of_sku and pack_quantity');
  if (type !== 'PACK' && (row.pack_of_sku || row.pack_quantity)) throw fieldError('pack_of.sku', 'Only a PACK has pack_of_sku');
  const [existing] = await tx.select().from(skus).where(eq(skus.sku, row.sku)).for('update').limit(1);
  const productId = await productFor(tx, ctx, row);
  const fields = {
    ...(row.barcode ? { barcode: row.barcode } : {}),
    ...(row.weight ? { weight: row.weight } : {}),
    ...(productId ? { product_id: productId } : {}),
    ...(packOf ? { pack_of: packOf } : {}),
  };
  const prices = await mergedPrices(tx, existing?.id, row);
  if (existing) {
    if (!can(ctx.principal, 'update-product')) throw new DomainError('FORBIDDEN', 'You do not have permission to update products');
    if (existing.type !== type) throw fieldError('type', `The SKU exists as ${existing.type}; its type cannot change`);
    await updateSku(tx, ctx, existing, { ...fields, ...(row.sku_name ? { name: row.sku_name } : {}), ...(prices ? { prices } : {}) });
    return 'updated';
  }
  const name = row.sku_name ?? row.product_name;
  if (!name) throw fieldError('name', 'The SKU name is required (sku_name or product_name)');
  await insertSku(tx, ctx, { ...fields, sku: row.sku, name, type, ...(prices ? { prices } : {}) });
  return 'created';
}

export async function importProducts(ctx: TenantCtx, file: Buffer): Promise<ImportReport> {
  const rows = readRows(file);
  const report: ImportReport = { created: 0, updated: 0, failed: 0, errors: [] };
  const fail = (line: number, sku: string | undefined, message: string) => {
    report.failed += 1;
    report.errors.push({ line, sku: sku ?? '', message });
  };
  const parsed = rows.flatMap((r) => {
    if (r.width !== r.columns) {
      fail(r.line, r.values.sku, `Expected ${r.columns} columns, found ${r.width}`);
      return [];
    }
    const result = ZRow.safeParse(r.values);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      fail(r.line, r.values.sku, `${issue.path.join('.') || 'row'}: ${issue.message}`);
      return [];
    }
    return [{ line: r.line, row: result.data }];
  });
  // Bases before packs, so a pack may name a SKU that appears further down the file.
  const isPack = (row: ParsedRow) => Number((row.type ?? (row.pack_of_sku ? 'PACK' : 'REGULAR')) === 'PACK');
  parsed.sort((a, b) => isPack(a.row) - isPack(b.row) || a.line - b.line);
  await withTenant(ctx, async (tx) => {
    for (const { line, row } of parsed) {
      try {
        // A savepoint per row: a failing row rolls back alone, and nothing of it is half-written.
        report[await tx.transaction((sp) => importRow(sp as Tx, ctx, row))] += 1;
      } catch (err) {
        const message = rowMessage(err);
        if (message === null) throw err;
        fail(line, row.sku, message);
      }
    }
  });
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

/** The products CSV of the SKUs (REGULAR and PACK) whose products match the list query, by product then SKU. */
export async function exportProducts(ctx: TenantCtx, query: TListQuery): Promise<string> {
  const base = alias(skus, 'base');
  const retail = alias(skuPrices, 'retail');
  const buy = alias(skuPrices, 'buy');
  const rows = await withTenant(ctx, (tx) =>
    tx
      .select({
        product_name: products.name, sku: skus.sku, sku_name: skus.name, type: skus.type, barcode: skus.barcode, weight: skus.weight,
        category: categories.name, brand: brands.name, price_retail: retail.value, price_buy: buy.value, pack_of_sku: base.sku,
        pack_quantity: skus.packQuantity,
      })
      .from(skus)
      .leftJoin(products, eq(products.id, skus.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(retail, and(eq(retail.skuId, skus.id), eq(retail.code, 'RETAIL')))
      .leftJoin(buy, and(eq(buy.skuId, skus.id), eq(buy.code, 'BUY')))
      .leftJoin(base, eq(base.id, skus.packBaseSkuId))
      .where(and(ne(skus.type, 'SYNSET'), query.search || query.filters.length ? inArray(skus.productId, tx.select({ id: products.id }).from(products).where(and(...productConditions(query)))) : undefined))
      .orderBy(sql`${products.name} NULLS FIRST`, asc(skus.sku)),
  );
  return stringify(rows.map((row) => protectCsvRow(row, TEXT_COLUMNS)), { header: true, columns: [...PRODUCT_CSV_COLUMNS], cast: { number: (n) => String(n) } });
}
