import { parse } from 'csv-parse/sync';
import { ZOrderInput, type TOrderInput } from '@omnio/domain';

/** Columns of the order CSV (docs/api-orders.md): one row per line; rows sharing external_id are one order. */
export const ORDER_CSV_COLUMNS = [
  'external_id', 'channel', 'first_name', 'last_name', 'email', 'phone', 'company', 'address1', 'address2', 'city', 'state', 'zip',
  'country', 'sku', 'quantity', 'price', 'discount', 'tax', 'ship_method', 'ship_carrier', 'notes', 'currency',
] as const;

export interface CsvOrder {
  /** CSV line numbers (the header is line 1) of the order's rows. */
  lines: number[];
  externalId: string;
  input: TOrderInput;
}

export interface CsvRowError {
  line: number;
  external_id: string | null;
  message: string;
}

export const MAX_CSV_ROWS = 50_000;

const cell = (row: Record<string, string>, key: string) => {
  const v = (row[key] ?? '').trim();
  // Spreadsheet formula guard on export round-trips: a leading ' before = + - @ is not part of the value.
  return /^'[=+\-@]/.test(v) ? v.slice(1) : v;
};
const opt = (v: string) => (v === '' ? undefined : v);

/**
 * Reads the CSV into order inputs. A row whose text cannot be read (quantity not a whole number, a price
 * that is not a decimal, a missing external_id or sku) is reported with its line number and its whole
 * order is left out: nothing half-written. Orders that read well go through the pipeline, where a failed
 * check keeps them in error with their code.
 */
export function parseOrderCsv(buffer: Buffer): { orders: CsvOrder[]; errors: CsvRowError[] } {
  let records: Record<string, string>[];
  try {
    records = parse(buffer, { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, bom: true, relax_column_count: true, trim: false });
  } catch (err) {
    return { orders: [], errors: [{ line: 1, external_id: null, message: `The file is not a readable CSV: ${err instanceof Error ? err.message : String(err)}` }] };
  }
  const errors: CsvRowError[] = [];
  if (records.length === 0) return { orders: [], errors: [{ line: 1, external_id: null, message: 'The file has no rows' }] };
  if (records.length > MAX_CSV_ROWS) return { orders: [], errors: [{ line: 1, external_id: null, message: `At most ${MAX_CSV_ROWS} rows per file` }] };
  const header = Object.keys(records[0]!);
  const missing = ['external_id', 'sku', 'quantity'].filter((c) => !header.includes(c));
  if (missing.length) return { orders: [], errors: [{ line: 1, external_id: null, message: `Missing columns: ${missing.join(', ')}` }] };

  const groups = new Map<string, { lines: number[]; rows: Record<string, string>[] }>();
  const bad = new Set<string>();
  records.forEach((row, i) => {
    const line = i + 2;
    const externalId = cell(row, 'external_id');
    if (!externalId) {
      errors.push({ line, external_id: null, message: 'external_id is required' });
      return;
    }
    const key = `${cell(row, 'channel') || 'csv'}\u0000${externalId}`;
    const g = groups.get(key) ?? { lines: [], rows: [] };
    g.lines.push(line);
    g.rows.push(row);
    groups.set(key, g);
    const problems: string[] = [];
    if (!cell(row, 'sku')) problems.push('sku is required');
    if (!/^-?\d{1,9}$/.test(cell(row, 'quantity'))) problems.push('quantity must be a whole number');
    for (const money of ['price', 'discount', 'tax'] as const) {
      const v = cell(row, money);
      if (v && !/^\d{1,12}(\.\d{1,2})?$/.test(v)) problems.push(`${money} must be a number with at most 2 decimals`);
    }
    if (problems.length) {
      errors.push({ line, external_id: externalId, message: problems.join('; ') });
      bad.add(key);
    }
  });

  const orders: CsvOrder[] = [];
  for (const [key, g] of groups) {
    const first = g.rows[0]!;
    const externalId = cell(first, 'external_id');
    if (bad.has(key)) {
      // The order's good rows are not written either: an order lands whole or not at all.
      for (const line of g.lines) if (!errors.some((e) => e.line === line)) errors.push({ line, external_id: externalId, message: 'Not imported: another row of this order has errors' });
      continue;
    }
    const address = {
      first_name: opt(cell(first, 'first_name')), last_name: opt(cell(first, 'last_name')), company: opt(cell(first, 'company')),
      address1: opt(cell(first, 'address1')), address2: opt(cell(first, 'address2')), city: opt(cell(first, 'city')),
      state: opt(cell(first, 'state')), zip: opt(cell(first, 'zip')), country: opt(cell(first, 'country')), phone: opt(cell(first, 'phone')),
    };
    const candidate = {
      external_id: externalId,
      channel: cell(first, 'channel') || 'csv',
      customer: { first_name: address.first_name, last_name: address.last_name, email: opt(cell(first, 'email')), phone: address.phone },
      shipping_address: address,
      lines: g.rows.map((r) => ({
        sku: cell(r, 'sku'), quantity: Number(cell(r, 'quantity')),
        ...(cell(r, 'price') ? { price: cell(r, 'price') } : {}), ...(cell(r, 'discount') ? { discount: cell(r, 'discount') } : {}),
        ...(cell(r, 'tax') ? { tax: cell(r, 'tax') } : {}),
      })),
      ...(cell(first, 'ship_method') ? { ship_method: cell(first, 'ship_method') } : {}),
      ...(cell(first, 'ship_carrier') ? { ship_carrier: cell(first, 'ship_carrier') } : {}),
      ...(cell(first, 'notes') ? { notes: cell(first, 'notes') } : {}),
      ...(cell(first, 'currency') ? { currency: cell(first, 'currency') } : {}),
    };
    const parsed = ZOrderInput.safeParse(candidate);
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      for (const line of g.lines) errors.push({ line, external_id: externalId, message });
      continue;
    }
    orders.push({ lines: g.lines, externalId, input: parsed.data });
  }
  errors.sort((a, b) => a.line - b.line);
  return { orders, errors };
}
