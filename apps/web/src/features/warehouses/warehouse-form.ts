import { z } from 'zod';
import { CONNECTION_DRIVERS, WAREHOUSE_PROVIDERS, WAREHOUSE_STATUSES } from '@omnio/domain';
import type { Warehouse } from './api';

/**
 * The warehouse form's values and rules. The enums are the server's (packages/domain/src/warehouses.ts); the
 * string-input rules are the form's own, the server stays the judge and its 422s land on the same fields. Inputs are strings; toWarehouseBody turns them into the API body.
 */
export const PROVIDERS = WAREHOUSE_PROVIDERS;
export const STATUSES = WAREHOUSE_STATUSES;
export const DRIVERS = CONNECTION_DRIVERS;
export const DEFAULT_PORTS: Record<string, string> = { mysql: '3306', pgsql: '5432', sqlsrv: '1433' };

export const MESSAGES = {
  port: 'The port must be between 1 and 65535',
  code: 'The code may contain only letters, digits, hyphen, underscore and period',
  codeRequired: 'The code is required',
  host: 'The host must be a host name or an IP address',
  timeZone: 'The time zone must be an IANA time zone such as America/New_York',
} as const;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().max(max, `May not be longer than ${max} characters`);

export const ZWarehouseForm = z.object({
  name: z.string().trim().min(1, 'The name is required').max(120, 'The name may not be longer than 120 characters'),
  code: z.string().trim().min(1, MESSAGES.codeRequired).max(40, 'May not be longer than 40 characters').regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, MESSAGES.code),
  provider: z.enum(PROVIDERS),
  status: z.enum(STATUSES),
  address1: text(191),
  address2: text(191),
  city: text(120),
  region: text(120),
  postal_code: text(20),
  country: text(60),
  time_zone: z.string().trim().min(1, MESSAGES.timeZone).refine(isTimeZone, MESSAGES.timeZone),
  notes: text(2000),
  company_ids: z.array(z.string()),
  connection: z.object({
    driver: z.union([z.enum(DRIVERS), z.literal('')]),
    host: text(255).regex(/^[A-Za-z0-9.\-:[\]_]*$/, MESSAGES.host),
    port: z.string().trim().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), MESSAGES.port),
    database: text(128),
    username: text(128),
    /** Write-only: empty means "keep the stored one" (or "none" on create). */
    password: text(512),
    /** Edit only: remove the stored password. */
    clear_password: z.boolean(),
    charset: text(64),
    collation: text(64),
  }),
});
export type WarehouseFormValues = z.infer<typeof ZWarehouseForm>;

export function toFormValues(w: Warehouse | null): WarehouseFormValues {
  const c = w?.connection;
  return {
    name: w?.name ?? '',
    code: w?.code ?? '',
    provider: (w?.provider as WarehouseFormValues['provider']) ?? 'shipedge',
    status: (w?.status as WarehouseFormValues['status']) ?? 'ACTIVE',
    address1: w?.address1 ?? '',
    address2: w?.address2 ?? '',
    city: w?.city ?? '',
    region: w?.region ?? '',
    postal_code: w?.postal_code ?? '',
    country: w?.country ?? '',
    time_zone: w?.time_zone ?? 'UTC',
    notes: w?.notes ?? '',
    company_ids: w?.company_ids ?? [],
    connection: {
      driver: (c?.driver as WarehouseFormValues['connection']['driver']) ?? '',
      host: c?.host ?? '',
      port: c?.port ? String(c.port) : '',
      database: c?.database ?? '',
      username: c?.username ?? '',
      password: '',
      clear_password: false,
      charset: c?.charset ?? '',
      collation: c?.collation ?? '',
    },
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The POST/PUT body. The password is write-only: a typed one is sent; on edit an empty field leaves it out
 * (the server keeps the stored one) unless "clear" is ticked, which sends null. Never an empty string.
 */
export function toWarehouseBody(v: WarehouseFormValues, editing: boolean): Record<string, unknown> {
  const c = v.connection;
  const password = c.password !== '' ? { password: c.password } : editing && c.clear_password ? { password: null } : {};
  return {
    name: v.name.trim(),
    code: v.code.trim(),
    provider: v.provider,
    status: v.status,
    address1: orNull(v.address1),
    address2: orNull(v.address2),
    city: orNull(v.city),
    region: orNull(v.region),
    postal_code: orNull(v.postal_code),
    country: orNull(v.country),
    time_zone: v.time_zone.trim(),
    notes: orNull(v.notes),
    company_ids: v.company_ids,
    connection: {
      driver: c.driver === '' ? null : c.driver,
      host: orNull(c.host),
      port: c.port.trim() === '' ? null : Number(c.port),
      database: orNull(c.database),
      username: orNull(c.username),
      charset: orNull(c.charset),
      collation: orNull(c.collation),
      ...password,
    },
  };
}

/** Server error keys (`connection.port`, `company_ids.0`) → form fields. */
export function formFieldOf(key: string): string | null {
  if (key.startsWith('company_ids')) return 'company_ids';
  const known = [
    'name', 'code', 'provider', 'status', 'address1', 'address2', 'city', 'region', 'postal_code', 'country', 'time_zone', 'notes',
    'connection.driver', 'connection.host', 'connection.port', 'connection.database', 'connection.username', 'connection.password',
    'connection.charset', 'connection.collation',
  ];
  return known.includes(key) ? key : null;
}

/** Every IANA zone the browser knows, for the time zone picker (UTC first). */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}
