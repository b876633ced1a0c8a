import { z } from 'zod';
import { ZTimestamp } from './responses';

/** Spec 9 schedule presets, all at midnight (in the schedule's time zone). */
export const SCHEDULE_PRESETS = {
  daily: '0 0 * * *',
  weekdays: '0 0 * * 1-5',
  weekends: '0 0 * * 0,6',
  monday_to_saturday: '0 0 * * 1-6',
  sundays: '0 0 * * 0',
} as const;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;
export const SCHEDULE_PRESET_IDS = Object.keys(SCHEDULE_PRESETS) as SchedulePreset[];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
}

const FIELDS: FieldSpec[] = [
  { name: 'Minute', min: 0, max: 59 },
  { name: 'Hour', min: 0, max: 23 },
  { name: 'Day of month', min: 1, max: 31 },
  { name: 'Month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  // 7 is Sunday too, as in Vixie cron.
  { name: 'Day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

/** A parsed 5-field cron expression: the allowed values of each field, and whether day fields were restricted. */
export interface ParsedCron {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
}

export type CronParse = { ok: true; cron: ParsedCron } | { ok: false; error: string };

function value(token: string, spec: FieldSpec): number | string {
  const upper = token.toUpperCase();
  const named = spec.names?.indexOf(upper) ?? -1;
  if (named >= 0) return spec.name === 'Month' ? named + 1 : named;
  if (!/^\d+$/.test(token)) return `${spec.name}: "${token}" is not a number`;
  const n = Number(token);
  if (n < spec.min || n > spec.max) return `${spec.name} must be between ${spec.min} and ${spec.max}`;
  return n;
}

function parseField(text: string, spec: FieldSpec): Set<number> | string {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined || range === undefined || range === '') return `${spec.name}: "${part}" is not valid`;
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) < 1) return `${spec.name}: the step in "${part}" must be a whole number above 0`;
      step = Number(stepText);
    }
    let from: number;
    let to: number;
    if (range === '*') {
      from = spec.min;
      to = spec.max;
    } else {
      const bounds = range.split('-');
      if (bounds.length > 2) return `${spec.name}: "${part}" is not valid`;
      const a = value(bounds[0]!, spec);
      if (typeof a === 'string') return a;
      const b = bounds.length === 2 ? value(bounds[1]!, spec) : stepText !== undefined ? spec.max : a;
      if (typeof b === 'string') return b;
      if (b < a) return `${spec.name}: the range "${range}" runs backwards`;
      from = a;
      to = b;
    }
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** Parses a standard 5-field cron expression (minute hour day-of-month month day-of-week) with human messages. */
export function parseCron(expression: string): CronParse {
  const parts = expression.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 5) return { ok: false, error: 'Use 5 fields: minute hour day-of-month month day-of-week (e.g. "0 0 * * 1-5")' };
  const sets: Set<number>[] = [];
  for (const [i, part] of parts.entries()) {
    const parsed = parseField(part, FIELDS[i]!);
    if (typeof parsed === 'string') return { ok: false, error: parsed };
    sets.push(parsed);
  }
  const weekdays = new Set([...sets[4]!].map((d) => d % 7));
  return {
    ok: true,
    cron: {
      minutes: sets[0]!, hours: sets[1]!, days: sets[2]!, months: sets[3]!, weekdays,
      daysRestricted: parts[2] !== '*', weekdaysRestricted: parts[4] !== '*',
    },
  };
}

export function cronError(expression: string): string | null {
  const r = parseCron(expression);
  return r.ok ? null : r.error;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of an instant in a time zone, as a UTC-based millisecond count (no offset applied). */
function wallMs(instant: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
}

/** The instant whose wall clock in timeZone is `wall` (the later one in a DST fold; a skipped time moves forward). */
function instantOf(wall: number, timeZone: string): number {
  let guess = wall - (wallMs(wall, timeZone) - wall);
  guess = wall - (wallMs(guess, timeZone) - guess);
  return guess;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The first time after `after` that the expression matches, in timeZone. Walks the wall clock field by field
 * (month, day, hour, minute) so a yearly expression costs a few hundred steps, not half a million.
 */
export function nextCronRun(expression: string | ParsedCron, after: Date, timeZone = 'UTC'): Date | null {
  const cron = typeof expression === 'string' ? (() => { const r = parseCron(expression); return r.ok ? r.cron : null; })() : expression;
  if (!cron) return null;
  let wall = Math.floor(wallMs(after.getTime(), timeZone) / MINUTE) * MINUTE + MINUTE;
  const limit = wall + 5 * 366 * DAY;
  while (wall < limit) {
    const d = new Date(wall);
    if (!cron.months.has(d.getUTCMonth() + 1)) {
      wall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      continue;
    }
    const domOk = cron.days.has(d.getUTCDate());
    const dowOk = cron.weekdays.has(d.getUTCDay());
    const dayOk = cron.daysRestricted && cron.weekdaysRestricted ? domOk || dowOk : domOk && dowOk;
    if (!dayOk) {
      wall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
      continue;
    }
    if (!cron.hours.has(d.getUTCHours())) {
      wall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
      continue;
    }
    if (!cron.minutes.has(d.getUTCMinutes())) {
      wall += MINUTE;
      continue;
    }
    const instant = instantOf(wall, timeZone);
    if (instant > after.getTime()) return new Date(instant);
    wall += MINUTE;
  }
  return null;
}

const ZCron = z.string().trim().max(120).superRefine((v, ctx) => {
  const error = cronError(v);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});
const ZTimeZone = z.string().max(64).refine(isValidTimeZone, 'Not a known time zone (use an IANA name like Europe/Madrid)');

const scheduleFields = {
  name: z.string().trim().min(1, 'Required').max(120),
  job_kind: z.string().trim().min(1, 'Required').max(120),
  preset: z.enum(SCHEDULE_PRESET_IDS as [SchedulePreset, ...SchedulePreset[]], { error: `Use one of: ${SCHEDULE_PRESET_IDS.join(', ')}` }).nullish(),
  cron: ZCron.nullish(),
  timezone: ZTimeZone.optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
  active: z.boolean().optional(),
};

/** POST /schedules: a preset or a custom cron expression (exactly one). */
export const ZScheduleCreate = z
  .object(scheduleFields)
  .strict()
  .superRefine((v, ctx) => {
    if (!v.preset && !v.cron) ctx.addIssue({ code: 'custom', path: ['cron'], message: 'Choose a preset or enter a cron expression' });
    if (v.preset && v.cron) ctx.addIssue({ code: 'custom', path: ['cron'], message: 'Give either a preset or a cron expression, not both' });
  });
export type TScheduleCreate = z.infer<typeof ZScheduleCreate>;

/** PUT /schedules/{id}: the same body; fields left out keep their value (a preset replaces a cron and back). */
export const ZScheduleUpdate = z
  .object({ ...scheduleFields, name: scheduleFields.name.optional(), job_kind: scheduleFields.job_kind.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.preset && v.cron) ctx.addIssue({ code: 'custom', path: ['cron'], message: 'Give either a preset or a cron expression, not both' });
  });
export type TScheduleUpdate = z.infer<typeof ZScheduleUpdate>;

export function presetOf(cron: string): SchedulePreset | null {
  const normal = cron.trim().split(/\s+/).join(' ');
  return SCHEDULE_PRESET_IDS.find((p) => SCHEDULE_PRESETS[p] === normal) ?? null;
}

// ---- Answers (the response contract; see responses.ts) ----

export const ZSchedule = z.object({
  id: z.string(),
  name: z.string(),
  job_kind: z.string(),
  preset: z.enum(SCHEDULE_PRESET_IDS as [SchedulePreset, ...SchedulePreset[]]).nullable(),
  cron: z.string(),
  timezone: z.string(),
  payload: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  next_run_at: ZTimestamp.nullable(),
  last_run_at: ZTimestamp.nullable(),
  last_job_id: z.string().nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type ScheduleDto = z.input<typeof ZSchedule>;

export const ZSchedulableJobKind = z.object({ kind: z.string(), label: z.string() });
export type SchedulableJobKind = z.input<typeof ZSchedulableJobKind>;
