import { z } from 'zod';
import {
  DEFAULT_ACK_WINDOW_HOURS, EDI_FILE_FORMATS, EDI_PRESET_DEFAULTS, EDI_PRESETS, MAILBOX_PROTOCOLS, SCHEDULE_PRESETS, ZChannelActionOptions, ZChannelSchedule,
  ZEdiSettingsShape, type EdiFileFormat, type EdiPreset, type MailboxProtocol, type SchedulePreset, type TProcessCreate,
} from '@omnio/domain';

/**
 * The EDI partner set-up form: what the screen holds (strings as typed) and the zod schema that turns it into
 * the POST /processes body, built from the pieces of ZEdiSettingsShape so the screen and the server agree.
 */

export const REQUIRED = 'This field is required';

export type ScheduleMode = '' | SchedulePreset | 'custom';

export interface EdiFormValues {
  name: string;
  settings: {
    edi_preset: EdiPreset;
    file_format: EdiFileFormat;
    mailbox_protocol: MailboxProtocol;
    isa_qualifier: string;
    isa_id: string;
    partner_isa_qualifier: string;
    partner_isa_id: string;
    gs_id: string;
    partner_gs_id: string;
    usage_indicator: 'P' | 'T';
    ack_window_hours: string;
    gs1_company_prefix: string;
    vendor_id: string;
    send_855: boolean;
    send_810: boolean;
    inventory_qty_qualifier: string;
    archive_dir: string;
  };
  credentials: {
    sftp_host: string;
    sftp_port: string;
    username: string;
    password: string;
    inbound_dir: string;
    outbound_dir: string;
  };
  actions: {
    import_orders: { active: boolean; scheduleMode: ScheduleMode; cron: string; iloc_id: string };
    update_tracking: { active: boolean };
    sync_inventory: { active: boolean; scheduleMode: ScheduleMode; cron: string; iloc_ids: string[]; reserve_percentage: string };
  };
}

/** Polling every 15 minutes is what partners expect of a drop-ship vendor; the presets are all daily. */
export const EDI_IMPORT_CRON = '*/15 * * * *';

export function ediDefaults(preset: EdiPreset): EdiFormValues {
  const d = EDI_PRESET_DEFAULTS[preset];
  return {
    name: '',
    settings: {
      edi_preset: preset, file_format: 'x12', mailbox_protocol: d.protocol,
      isa_qualifier: 'ZZ', isa_id: '', partner_isa_qualifier: 'ZZ', partner_isa_id: '', gs_id: '', partner_gs_id: '',
      usage_indicator: 'P', ack_window_hours: String(DEFAULT_ACK_WINDOW_HOURS), gs1_company_prefix: '', vendor_id: '',
      send_855: true, send_810: false, inventory_qty_qualifier: '', archive_dir: '',
    },
    credentials: { sftp_host: '', sftp_port: String(d.port), username: '', password: '', inbound_dir: d.inbound_dir, outbound_dir: d.outbound_dir },
    actions: {
      import_orders: { active: true, scheduleMode: 'custom', cron: EDI_IMPORT_CRON, iloc_id: '' },
      update_tracking: { active: true },
      sync_inventory: { active: false, scheduleMode: 'daily', cron: '', iloc_ids: [], reserve_percentage: '' },
    },
  };
}

/** The port a protocol listens on unless the partner says otherwise. */
export const defaultPortOf = (protocol: MailboxProtocol): number => (protocol === 'sftp' ? 22 : 21);

const text = z.string().trim();
/** An optional setting: blank is left out of the body, anything else must pass the shared rule. */
const optional = <T extends z.ZodType<unknown, string | undefined>>(rule: T) => text.transform((v) => (v === '' ? undefined : v)).pipe(rule);

const unwrap = <T extends z.ZodType>(schema: z.ZodOptional<T>): T => schema.unwrap();

const ZScheduleFields = z.object({ scheduleMode: z.string(), cron: z.string() });
const scheduleOf = (a: { scheduleMode: string; cron: string }): string | null =>
  a.scheduleMode === '' ? null : a.scheduleMode === 'custom' ? a.cron.trim() : a.scheduleMode;
/** The cron box carries a custom schedule's error; a preset's sits on the select. */
const checkSchedule = (a: z.infer<typeof ZScheduleFields>, ctx: z.RefinementCtx) => {
  const schedule = scheduleOf(a);
  if (a.scheduleMode === 'custom' && schedule === '') {
    ctx.addIssue({ code: 'custom', path: ['cron'], message: 'Choose a preset or give a valid cron expression' });
    return;
  }
  if (a.scheduleMode !== 'custom' && a.scheduleMode !== '' && !Object.hasOwn(SCHEDULE_PRESETS, a.scheduleMode)) {
    ctx.addIssue({ code: 'custom', path: ['scheduleMode'], message: 'Choose a preset or give a valid cron expression' });
    return;
  }
  const parsed = ZChannelSchedule.safeParse(schedule);
  if (!parsed.success) ctx.addIssue({ code: 'custom', path: [a.scheduleMode === 'custom' ? 'cron' : 'scheduleMode'], message: parsed.error.issues[0]?.message ?? '' });
};

const ZReserve = text
  .refine((v) => v === '' || Number.isFinite(Number(v)), 'Between 0 and 100')
  .transform((v) => (v === '' ? undefined : Number(v)))
  .pipe(ZChannelActionOptions.sync_inventory.shape.reserve_percentage);

export const ZEdiForm = z.object({
  name: text.min(1, 'The name is required').max(100),
  settings: z.object({
    edi_preset: z.enum(EDI_PRESETS),
    file_format: z.enum(EDI_FILE_FORMATS),
    mailbox_protocol: z.enum(MAILBOX_PROTOCOLS),
    // Required for X12 partners (checked below); a CSV partner's files carry no envelope.
    isa_qualifier: optional(ZEdiSettingsShape.isa_qualifier),
    isa_id: optional(ZEdiSettingsShape.isa_id),
    partner_isa_qualifier: optional(ZEdiSettingsShape.partner_isa_qualifier),
    partner_isa_id: optional(ZEdiSettingsShape.partner_isa_id),
    gs_id: optional(ZEdiSettingsShape.gs_id),
    partner_gs_id: optional(ZEdiSettingsShape.partner_gs_id),
    usage_indicator: unwrap(ZEdiSettingsShape.usage_indicator),
    ack_window_hours: text
      .refine((v) => /^\d+$/.test(v), 'Between 1 and 720')
      .transform(Number)
      .pipe(unwrap(ZEdiSettingsShape.ack_window_hours)),
    gs1_company_prefix: optional(ZEdiSettingsShape.gs1_company_prefix),
    vendor_id: text.max(30, 'At most 30 characters').transform((v) => (v === '' ? undefined : v)),
    send_855: z.boolean(),
    send_810: z.boolean(),
    inventory_qty_qualifier: text.toUpperCase().transform((v) => (v === '' ? undefined : v)).pipe(ZEdiSettingsShape.inventory_qty_qualifier),
    archive_dir: text.max(300, 'At most 300 characters').transform((v) => (v === '' ? undefined : v)),
  }).superRefine((v, ctx) => {
    if (v.file_format !== 'x12') return;
    for (const key of ['isa_qualifier', 'isa_id', 'partner_isa_qualifier', 'partner_isa_id'] as const) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: REQUIRED });
    }
  }),
  credentials: z.object({
    sftp_host: text.min(1, REQUIRED).regex(/^(?:[A-Za-z0-9][A-Za-z0-9.-]*|\[[0-9A-Fa-f:.]+\])$/, 'A host name like sftp.partner.com, without sftp://').max(253),
    sftp_port: text.refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, 'A port between 1 and 65535'),
    username: text.min(1, REQUIRED).max(200),
    // Passwords are taken as typed: a leading or trailing space may be part of it.
    password: z.string().min(1, REQUIRED).max(4000),
    inbound_dir: text.min(1, REQUIRED).max(300, 'At most 300 characters'),
    outbound_dir: text.min(1, REQUIRED).max(300, 'At most 300 characters'),
  }),
  actions: z.object({
    import_orders: ZScheduleFields.extend({ active: z.boolean(), iloc_id: z.string() }).superRefine(checkSchedule),
    update_tracking: z.object({ active: z.boolean() }),
    sync_inventory: ZScheduleFields.extend({ active: z.boolean(), iloc_ids: z.array(z.string()), reserve_percentage: ZReserve }).superRefine(checkSchedule),
  }),
});
export type EdiFormOutput = z.output<typeof ZEdiForm>;

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The POST /processes body of a checked form. */
export function ediCreateBody(v: EdiFormOutput): TProcessCreate {
  const io = v.actions.import_orders;
  const si = v.actions.sync_inventory;
  return {
    name: v.name,
    driver: 'edi-x12',
    credentials: { ...v.credentials },
    settings: defined({ ...v.settings }),
    actions: {
      import_orders: { active: io.active, schedule: scheduleOf(io), options: io.iloc_id ? { iloc_id: io.iloc_id } : {} },
      update_tracking: { active: v.actions.update_tracking.active },
      sync_inventory: {
        active: si.active,
        schedule: scheduleOf(si),
        options: defined({ iloc_id: si.iloc_ids.length ? si.iloc_ids : undefined, reserve_percentage: si.reserve_percentage }),
      },
    },
  };
}

/** A 422 key of the server (`settings.isa_id`, `credentials.sftp_host`, `actions.sync_inventory.options.iloc_id.0`) → the form's field. */
export function ediFieldOfServerKey(key: string, values: EdiFormValues): string | null {
  if (key === 'name') return 'name';
  const [part, name, sub, option] = key.split('.');
  if (part === 'settings' && name && Object.hasOwn(values.settings, name)) return `settings.${name}`;
  if (part === 'credentials' && name && Object.hasOwn(values.credentials, name)) return `credentials.${name}`;
  if (part === 'actions' && (name === 'import_orders' || name === 'sync_inventory')) {
    const a = values.actions[name];
    if (sub === 'active') return `actions.${name}.active`;
    if (sub === 'schedule') return `actions.${name}.${a.scheduleMode === 'custom' ? 'cron' : 'scheduleMode'}`;
    if (sub === 'options' && option === 'iloc_id') return name === 'import_orders' ? 'actions.import_orders.iloc_id' : 'actions.sync_inventory.iloc_ids';
    if (sub === 'options' && option === 'reserve_percentage' && name === 'sync_inventory') return 'actions.sync_inventory.reserve_percentage';
  }
  return null;
}
