import { formatDateTime } from '../../shared/format/format';

/** Issue 24: the app's one date format ("Nov 28, 2026, 14:05"), in the browser's time zone. */
export function formatWhen(value: string | null | undefined): string {
  return formatDateTime(value);
}

/** One value of a change as a person reads it: text as is, nothing as a dash, structures shortened. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

/** "field: before → after" for each changed column (column names with spaces, not underscores). */
export function changeLines(changes: Record<string, [unknown, unknown]> | null | undefined): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, [before, after]]) => `${field.replace(/_/g, ' ')}: ${valueText(before)} → ${valueText(after)}`);
}
