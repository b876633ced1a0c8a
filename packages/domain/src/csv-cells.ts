/**
 * CSV formula-injection policy (docs/api-catalog.md, "CSV files"). A spreadsheet runs a cell that starts
 * with = + - @ (or a tab or carriage return, which some strip first) as a formula, so a product named
 * `=HYPERLINK(...)` would become a live link in the exported file. On export, such a TEXT cell gets a
 * leading single quote, which spreadsheets show but never run; on import, that one quote is removed, so
 * export → import gives back exactly what was exported. Numeric columns are never touched: -5 stays -5.
 *
 * The rule counts any run of quotes before the trigger character: a name that really is `'=x` exports
 * as `''=x` and imports as `'=x`, so the round trip is exact for every text, not only for the usual one.
 */

/** The first characters that make a spreadsheet evaluate a cell. */
export const CSV_FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

const TRIGGER = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;

/** The cell as written to a CSV export: one leading quote when a spreadsheet would run it. */
export function protectCsvText(value: string): string {
  return TRIGGER.test(value) ? `'${value}` : value;
}

/** The cell as read from a CSV import: the one quote protectCsvText added, removed. */
export function unprotectCsvText(value: string): string {
  return QUOTED.test(value) ? value.slice(1) : value;
}

/**
 * A row with its text columns protected for export (null, numbers and the other columns as they are).
 * `textColumns` names the columns that hold text; everything else is data a spreadsheet should compute with.
 */
export function protectCsvRow<R extends object>(row: R, textColumns: readonly (keyof R & string)[]): R {
  const out = { ...row } as Record<string, unknown>;
  for (const column of textColumns) {
    const value = out[column];
    if (typeof value === 'string') out[column] = protectCsvText(value);
  }
  return out as R;
}

/** An imported record with its text columns unprotected (the inverse of protectCsvRow on those columns). */
export function unprotectCsvRow<R extends Record<string, string | undefined>>(row: R, textColumns: readonly string[]): R {
  const out: Record<string, string | undefined> = { ...row };
  for (const column of textColumns) {
    const value = out[column];
    if (typeof value === 'string') out[column] = unprotectCsvText(value);
  }
  return out as R;
}
