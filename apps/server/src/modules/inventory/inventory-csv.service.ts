import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import {
  INVENTORY_EXPORT_COLUMNS, INVENTORY_IMPORT_COLUMNS, protectCsvRow, unprotectCsvRow, ZInventoryImportRow, type InventoryImportReportDto, type TListQuery,
} from '@omnio/domain';
import type { TenantCtx } from '../../platform/http/context';
import { withTenant } from '../../platform/db/tenant';
import { fieldError } from '../../platform/http/errors';
import { applyMovementBatch, type MovementInput } from './ledger';
import { eachInventoryChunk } from './inventory-list.service';
import { buildInventoryQuery } from './inventory-query';
import { ilocIdsByCode, resolveSkuCodes } from './resolve';

export const MAX_IMPORT_ROWS = 100_000;
/**
 * The text columns of the files, which the formula-injection policy protects (packages/domain
 * csv-cells.ts): a cell a spreadsheet would run gets a leading quote on export, and loses it on import.
 * The quantities are numbers and are never touched.
 */
const EXPORT_TEXT_COLUMNS = ['sku', 'name', 'type', 'iloc_code', 'iloc_name', 'updated_at'] as const;
const IMPORT_TEXT_COLUMNS = ['sku', 'iloc_code', 'bucket', 'reason'] as const;

export type ImportReport = InventoryImportReportDto;

/**
 * GET /inventory/export: the grid as CSV, streamed in keyset chunks so a 500k-row export never sits in
 * memory whole. The columns include iloc_code, which the import names ilocs by.
 */
export function exportInventory(ctx: TenantCtx, query: Pick<TListQuery, 'search' | 'filters'>): Readable {
  // A bad query is a 422 now, before the 200 and the first line are sent.
  buildInventoryQuery(ctx.tenantId, query);
  const csv = stringify({ header: true, columns: [...INVENTORY_EXPORT_COLUMNS] });
  const write = (row: object) => (csv.write(row) ? Promise.resolve() : new Promise<void>((resolve) => csv.once('drain', resolve)));
  eachInventoryChunk(ctx, query, async (rows) => {
    for (const row of rows) await write(protectCsvRow(row, EXPORT_TEXT_COLUMNS));
  }).then(
    () => csv.end(),
    (err: Error) => {
      ctx.log.error({ err }, 'inventory export failed');
      csv.destroy(err);
    },
  );
  return csv;
}

type Parsed = { record: Record<string, string>; info: { lines: number } };

/**
 * POST /inventory/import: counts (`set`) per row. Good rows land, bad rows come back with their line
 * number and the reason; a row is all or nothing (one row is one movement). Lookups are in bulk and the
 * ledger applies all good rows in one set-based batch, skipping those that would go below zero.
 */
export async function importInventory(ctx: TenantCtx, file: Buffer): Promise<ImportReport> {
  let parsed: Parsed[];
  try {
    parsed = parse(file, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as Parsed[];
  } catch (err) {
    throw fieldError('file', `The file is not valid CSV: ${(err as Error).message}`);
  }
  const first = parsed[0]?.record;
  const missing = INVENTORY_IMPORT_COLUMNS.filter((c) => c !== 'reason' && first && !(c in first));
  if (!first) throw fieldError('file', `The file has no rows; columns are ${INVENTORY_IMPORT_COLUMNS.join(', ')}`);
  if (missing.length) throw fieldError('file', `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  if (parsed.length > MAX_IMPORT_ROWS) throw fieldError('file', `At most ${MAX_IMPORT_ROWS} rows per file`);

  const report: ImportReport = { created: 0, updated: 0, failed: 0, errors: [] };
  const fail = (line: number, sku: string, message: string) => report.errors.push({ line, sku, message });
  const rows = parsed.flatMap(({ record, info }) => {
    // PostgreSQL text cannot hold NUL: a row error, not a failed statement.
    if (Object.values(record).some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      fail(info.lines, String(record.sku ?? '').replaceAll('\u0000', ''), 'row: The text contains a character that is not allowed');
      return [];
    }
    const result = ZInventoryImportRow.safeParse(unprotectCsvRow({ ...record, reason: record.reason ?? '' }, IMPORT_TEXT_COLUMNS));
    if (result.success) return [{ line: info.lines, row: result.data }];
    const issue = result.error.issues[0]!;
    fail(info.lines, String(record.sku ?? ''), `${String(issue.path[0] ?? 'row')}: ${issue.message}`);
    return [];
  });

  await withTenant(ctx, async (tx) => {
    const skus = await resolveSkuCodes(tx, ctx.tenantId, rows.map((r) => r.row.sku));
    const ilocs = await ilocIdsByCode(tx, ctx.tenantId, rows.map((r) => r.row.iloc_code));
    const good: { line: number; sku: string; input: MovementInput }[] = [];
    for (const { line, row } of rows) {
      const sku = skus.get(row.sku);
      const ilocId = ilocs.get(row.iloc_code);
      if (!sku) fail(line, row.sku, `sku: Unknown SKU ${row.sku}`);
      else if (!ilocId) fail(line, row.sku, `iloc_code: Unknown iloc ${row.iloc_code}`);
      else {
        good.push({
          line,
          sku: row.sku,
          input: { skuId: sku.holderId, ilocId, set: { bucket: row.bucket, quantity: row.quantity * sku.factor }, reason: row.reason, userId: ctx.principal.userId },
        });
      }
    }
    const result = await applyMovementBatch(tx, ctx.tenantId, good.map((g) => g.input), { onInsufficient: 'skip' });
    const rejected = new Set(result.rejected);
    const seen = new Set<string>();
    good.forEach((g, i) => {
      if (rejected.has(i)) return fail(g.line, g.sku, 'quantity: Insufficient stock (the count is below the quantity reserved)');
      const pair = `${g.input.skuId}|${g.input.ilocId}`;
      if (result.created.has(pair) && !seen.has(pair)) report.created++;
      else report.updated++;
      seen.add(pair);
    });
  });
  report.failed = report.errors.length;
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}
