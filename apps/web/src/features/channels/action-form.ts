import {
  SCHEDULE_PRESETS, ZChannelActionOptions, ZChannelSchedule,
  type ChannelAction, type ChannelActionConfig, type SchedulePreset, type TChannelActionsInput,
} from '@omnio/domain';

/**
 * One action's form: Active, a schedule (none, a spec 9 preset or a cron expression) and the sub-options the
 * screen offers for it. Options the screen does not show (e.g. created_at_min, delay_invoice) are kept as
 * they are: the server replaces an action's options with what a PUT gives.
 */
export interface ActionFormValues {
  active: boolean;
  scheduleMode: '' | SchedulePreset | 'custom';
  cron: string;
  initial_date: string;
  financial_status: string[];
  /** The service's own statuses to import (WooCommerce, BigCommerce status ids, Jumpseller status_enum). */
  orders_status: string[];
  fulfillment_status: string;
  order_status: string;
  /** Comma-separated, as Shopify writes tags. */
  filter_tags: string;
  location_id: string;
  reserve_percentage: string;
  iloc_ids: string[];
  notify_customer: boolean;
  create_sku_if_not_exists: boolean;
  sync_skus: boolean;
}

export type ActionField = keyof ActionFormValues;

/** The sub-options each action's form shows (spec 3 names), in screen order. */
export const ACTION_OPTION_FIELDS: Readonly<Partial<Record<ChannelAction, readonly string[]>>> = {
  import_orders: ['initial_date', 'financial_status', 'fulfillment_status', 'order_status', 'filter_tags', 'location_id'],
  sync_inventory: ['reserve_percentage', 'iloc_id', 'location_id'],
  update_tracking: ['notify_customer'],
  import_products: ['create_sku_if_not_exists', 'sync_skus'],
};

/**
 * The sub-options per action of the drivers whose options differ from Shopify's (the set-up screens of
 * part 2): each service has its own order statuses and no financial/fulfilment/tag filters.
 */
export const DRIVER_OPTION_FIELDS: Readonly<Record<string, Readonly<Partial<Record<ChannelAction, readonly string[]>>>>> = {
  'edi-x12': { import_orders: ['iloc_id'], update_tracking: [], sync_inventory: ['reserve_percentage', 'iloc_id'] },
  woocommerce: {
    import_orders: ['initial_date', 'orders_status', 'iloc_id'],
    update_tracking: ['notify_customer'],
    sync_inventory: ['reserve_percentage', 'iloc_id'],
    import_products: ['create_sku_if_not_exists'],
  },
  bigcommerce: {
    import_orders: ['initial_date', 'orders_status', 'iloc_id'],
    update_tracking: ['notify_customer'],
    sync_inventory: ['reserve_percentage', 'iloc_id', 'location_id'],
    import_products: ['create_sku_if_not_exists'],
  },
  jumpseller: {
    import_orders: ['initial_date', 'orders_status', 'iloc_id'],
    update_tracking: ['notify_customer'],
    sync_inventory: ['reserve_percentage', 'iloc_id'],
    import_products: ['create_sku_if_not_exists'],
  },
  cartrover: {
    import_orders: ['initial_date', 'iloc_id'],
    update_tracking: [],
    sync_inventory: ['reserve_percentage', 'iloc_id'],
  },
};

/** The sub-options a driver's action form shows; Shopify's (and any other driver's) are ACTION_OPTION_FIELDS. */
export function optionFieldsOf(action: ChannelAction, driver?: string): readonly string[] | undefined {
  if (driver && Object.hasOwn(DRIVER_OPTION_FIELDS, driver)) return DRIVER_OPTION_FIELDS[driver]?.[action];
  return ACTION_OPTION_FIELDS[action];
}

const isPreset = (v: string): v is SchedulePreset => Object.hasOwn(SCHEDULE_PRESETS, v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function toFormValues(config: ChannelActionConfig | undefined): ActionFormValues {
  const o = (config?.options ?? {}) as Record<string, unknown>;
  const schedule = config?.schedule ?? null;
  const iloc = o.iloc_id;
  return {
    active: config?.active ?? false,
    scheduleMode: schedule === null ? '' : isPreset(schedule) ? schedule : 'custom',
    cron: schedule !== null && !isPreset(schedule) ? schedule : '',
    initial_date: str(o.initial_date),
    financial_status: Array.isArray(o.financial_status) ? o.financial_status.map(String) : [],
    orders_status: Array.isArray(o.orders_status) ? o.orders_status.map(String) : [],
    fulfillment_status: str(o.fulfillment_status),
    order_status: str(o.order_status),
    filter_tags: Array.isArray(o.filter_tags) ? o.filter_tags.map(String).join(', ') : '',
    location_id: str(o.location_id),
    reserve_percentage: str(o.reserve_percentage),
    iloc_ids: Array.isArray(iloc) ? iloc.map(String) : typeof iloc === 'string' && iloc ? [iloc] : [],
    notify_customer: o.notify_customer === true,
    create_sku_if_not_exists: o.create_sku_if_not_exists === true,
    sync_skus: o.sync_skus === true,
  };
}

/** A form field for an option name (the server answers `actions.<a>.options.<name>[.<i>]`). */
export function fieldOfOption(option: string): ActionField | null {
  if (option === 'iloc_id') return 'iloc_ids';
  const fields: readonly string[] = ['initial_date', 'financial_status', 'orders_status', 'fulfillment_status', 'order_status', 'filter_tags', 'location_id',
    'reserve_percentage', 'notify_customer', 'create_sku_if_not_exists', 'sync_skus'];
  return fields.includes(option) ? (option as ActionField) : null;
}

/** Maps a 422 field path of a PUT with one action to this action's form field. */
export function fieldOfServerPath(action: ChannelAction, path: string, values: ActionFormValues): ActionField | null {
  const prefix = `actions.${action}.`;
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length).split('.');
  if (rest[0] === 'active') return 'active';
  if (rest[0] === 'schedule') return values.scheduleMode === 'custom' ? 'cron' : 'scheduleMode';
  if (rest[0] === 'options' && rest[1]) return fieldOfOption(rest[1]);
  return null;
}

export type ActionInput = NonNullable<TChannelActionsInput[ChannelAction]>;

export type BuildResult =
  | { ok: true; body: ActionInput }
  | { ok: false; errors: { field: ActionField; message: string }[] };

/** The PUT body of one action from its form, checked with the shared schemas first; `driver` picks its sub-options. */
export function buildActionBody(action: ChannelAction, values: ActionFormValues, current: ChannelActionConfig | undefined, driver?: string): BuildResult {
  const errors: { field: ActionField; message: string }[] = [];

  const schedule = values.scheduleMode === '' ? null : values.scheduleMode === 'custom' ? values.cron.trim() : values.scheduleMode;
  if (values.scheduleMode === 'custom' && schedule === '') {
    errors.push({ field: 'cron', message: 'Choose a preset or give a valid cron expression' });
  } else {
    const parsed = ZChannelSchedule.safeParse(schedule);
    if (!parsed.success) errors.push({ field: values.scheduleMode === 'custom' ? 'cron' : 'scheduleMode', message: parsed.error.issues[0]?.message ?? '' });
  }

  const shown = optionFieldsOf(action, driver);
  const body: ActionInput = { active: values.active, schedule };
  if (shown) {
    const options: Record<string, unknown> = { ...((current?.options ?? {}) as Record<string, unknown>) };
    const set = (name: string, value: unknown) => {
      if (!shown.includes(name)) return;
      if (value === undefined) delete options[name];
      else options[name] = value;
    };
    const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
    set('initial_date', text(values.initial_date));
    set('financial_status', values.financial_status.length ? values.financial_status : undefined);
    set('orders_status', values.orders_status.length ? values.orders_status : undefined);
    set('fulfillment_status', text(values.fulfillment_status));
    set('order_status', text(values.order_status));
    const tags = values.filter_tags.split(',').map((s) => s.trim()).filter(Boolean);
    set('filter_tags', tags.length ? tags : undefined);
    set('location_id', text(values.location_id));
    if (shown.includes('reserve_percentage')) {
      const raw = values.reserve_percentage.trim();
      const n = Number(raw);
      if (raw !== '' && !Number.isFinite(n)) errors.push({ field: 'reserve_percentage', message: 'Between 0 and 100' });
      else set('reserve_percentage', raw === '' ? undefined : n);
    }
    // An import files its orders at one location; stock can be summed over several.
    if (action === 'import_orders') set('iloc_id', values.iloc_ids[0]);
    else set('iloc_id', values.iloc_ids.length ? values.iloc_ids : undefined);
    set('notify_customer', values.notify_customer);
    set('create_sku_if_not_exists', values.create_sku_if_not_exists);
    set('sync_skus', values.sync_skus);

    const checked = ZChannelActionOptions[action].safeParse(options);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = fieldOfOption(String(issue.path[0] ?? ''));
        if (field && !errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
      }
    }
    body.options = options;
  }
  return errors.length ? { ok: false, errors } : { ok: true, body };
}

/** "Daily at midnight", "Custom: *\/5 * * * *" or "Only when asked" for an action's summary line. */
export function scheduleKey(schedule: string | null): { key: string; cron?: string } {
  if (schedule === null) return { key: 'schedule.none' };
  if (isPreset(schedule)) return { key: `presets.${schedule}` };
  return { key: 'schedule.customSummary', cron: schedule };
}
