const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 9: YY-MM-DD H:m in the browser's time zone (minutes with two digits, so 9:05 never reads as 9:50). */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${pad(d.getFullYear() % 100)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${d.getHours()}:${pad(d.getMinutes())}`;
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
