import { z } from 'zod';
import { ZRef, ZTimestamp } from './responses';

/**
 * Request bodies of /warehouses (docs/api-warehouses.md), shared by the server routes and the web form
 * (features/warehouses/warehouse-form.ts takes its enums from here).
 */
export const WAREHOUSE_PROVIDERS = ['shipedge', 'shelfpoint', 'mintsoft', 'other'] as const;
export const WAREHOUSE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const CONNECTION_DRIVERS = ['mysql', 'pgsql', 'sqlsrv'] as const;

const optText = (max: number) => z.string().trim().max(max, `May not be longer than ${max} characters`).nullable().optional();

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const ZWarehouseConnection = z
  .object({
    driver: z.enum(CONNECTION_DRIVERS, { message: 'The driver must be one of mysql, pgsql, sqlsrv' }).nullable().optional(),
    host: z
      .string()
      .trim()
      .max(255, 'May not be longer than 255 characters')
      .regex(/^[A-Za-z0-9.\-:[\]_]*$/, 'The host must be a host name or an IP address')
      .nullable()
      .optional(),
    port: z.number({ message: 'The port must be a number' }).int('The port must be a whole number')
      .min(1, 'The port must be between 1 and 65535').max(65535, 'The port must be between 1 and 65535').nullable().optional(),
    database: optText(128),
    username: optText(128),
    /** Write-only: absent keeps the stored password, null clears it. */
    password: z.string().min(1, 'The password may not be empty (leave it out to keep the stored one)').max(512).nullable().optional(),
    charset: optText(64),
    collation: optText(64),
  })
  .strict();

const fields = {
  name: z.string().trim().min(1, 'The name is required').max(120, 'The name may not be longer than 120 characters'),
  code: z
    .string()
    .trim()
    .min(1, 'The code is required')
    .max(40, 'The code may not be longer than 40 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'The code may contain only letters, digits, hyphen, underscore and period'),
  provider: z.enum(WAREHOUSE_PROVIDERS, { message: 'The provider must be one of shipedge, shelfpoint, mintsoft, other' }),
  status: z.enum(WAREHOUSE_STATUSES, { message: 'The status must be ACTIVE or INACTIVE' }),
  address1: optText(191),
  address2: optText(191),
  city: optText(120),
  region: optText(120),
  postal_code: optText(20),
  country: optText(60),
  time_zone: z.string().trim().max(64).refine(isTimeZone, 'The time zone must be an IANA time zone such as America/New_York'),
  notes: optText(2000),
  connection: ZWarehouseConnection.optional(),
  company_ids: z.array(z.uuid({ message: 'Must be a valid id' })).max(500).optional(),
};

export const ZWarehouseCreate = z
  .object({ ...fields, provider: fields.provider.default('other'), status: fields.status.default('ACTIVE'), time_zone: fields.time_zone.default('UTC') })
  .strict();
export type TWarehouseCreate = z.infer<typeof ZWarehouseCreate>;

/** PUT: every field optional; an absent one keeps its value. */
export const ZWarehouseUpdate = z.object(fields).partial().strict();
export type TWarehouseUpdate = z.infer<typeof ZWarehouseUpdate>;
export type TWarehouseConnection = z.infer<typeof ZWarehouseConnection>;

// ---- Answers (the response contract; see responses.ts) ----

/** The connection as answered: the password is never sent, only whether one is stored. */
export const ZWarehouseConnectionView = z.object({
  driver: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  database: z.string().nullable(),
  username: z.string().nullable(),
  charset: z.string().nullable(),
  collation: z.string().nullable(),
  has_password: z.boolean(),
});

export const ZWarehouse = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  provider: z.string(),
  status: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  time_zone: z.string(),
  notes: z.string().nullable(),
  connection: ZWarehouseConnectionView,
  companies: z.array(ZRef),
  company_ids: z.array(z.string()),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type WarehouseDto = z.input<typeof ZWarehouse>;
export type WarehouseConnectionDto = z.input<typeof ZWarehouseConnectionView>;

/** The answer of "test connection": whether the host answered on its port, in words an operator can act on. */
export const ZConnectionCheck = z.object({
  ok: z.boolean(),
  message: z.string(),
  host: z.string(),
  port: z.number().int(),
  latency_ms: z.number().nullable(),
});
export type ConnectionCheckDto = z.input<typeof ZConnectionCheck>;
