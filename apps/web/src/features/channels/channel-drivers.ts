import { CHANNEL_REQUIRED_CREDENTIALS, driverActions, type ChannelAction, type TChannelActionsInput } from '@omnio/domain';

/**
 * What the generic set-up screen (ChannelCreatePage) needs to know about each part-2 driver: its credential
 * fields, the install flow it offers beside pasting keys, and the order statuses its import can filter on.
 * Labels and help come from i18n `setup.<driver>.*` and `credentialKeys.*`.
 */

export type SetupDriver = 'woocommerce' | 'bigcommerce' | 'jumpseller' | 'cartrover';

export interface CredentialField {
  key: string;
  /** secret: a password field; url/text: typed in plain. */
  kind: 'text' | 'url' | 'secret';
  required: boolean;
  placeholder?: string;
}

export interface StatusChoice {
  /** What is stored in `orders_status` (the service's own name or id). */
  value: string;
  /** The i18n key under `serviceStatus` (the label), or the value itself. */
  label: string;
}

export interface DriverDescriptor {
  driver: SetupDriver;
  fields: readonly CredentialField[];
  /** WooCommerce generates keys in the store and sends them back; the others are pasted. */
  install: 'woocommerce-keys' | null;
  /** The import's `orders_status` choices and the connector's default when none is ticked. */
  orderStatuses: readonly StatusChoice[];
  defaultOrderStatuses: readonly string[];
  /** The actions the screen offers, in order (the driver's actions in packages/domain). */
  actions: readonly ChannelAction[];
}

const required = (driver: SetupDriver, key: string) => (CHANNEL_REQUIRED_CREDENTIALS[driver] ?? []).includes(key);
const f = (driver: SetupDriver, key: string, kind: CredentialField['kind'], placeholder?: string): CredentialField => ({
  key, kind, required: required(driver, key), ...(placeholder ? { placeholder } : {}),
});

export const SETUP_DRIVERS: Readonly<Record<SetupDriver, DriverDescriptor>> = {
  woocommerce: {
    driver: 'woocommerce',
    fields: [
      f('woocommerce', 'store_url', 'url', 'https://shop.example.com'),
      f('woocommerce', 'consumer_key', 'secret', 'ck_…'),
      f('woocommerce', 'consumer_secret', 'secret', 'cs_…'),
      f('woocommerce', 'webhook_secret', 'secret'),
    ],
    install: 'woocommerce-keys',
    orderStatuses: ['processing', 'on-hold', 'completed', 'pending'].map((s) => ({ value: s, label: `woo.${s}` })),
    defaultOrderStatuses: ['processing'],
    actions: driverActions('woocommerce'),
  },
  bigcommerce: {
    driver: 'bigcommerce',
    fields: [
      f('bigcommerce', 'store_hash', 'text', 'abc123def'),
      f('bigcommerce', 'access_token', 'secret'),
      f('bigcommerce', 'client_secret', 'secret'),
    ],
    install: null,
    orderStatuses: [
      { value: '11', label: 'bc.11' },
      { value: '9', label: 'bc.9' },
      { value: '7', label: 'bc.7' },
      { value: '8', label: 'bc.8' },
      { value: '3', label: 'bc.3' },
    ],
    defaultOrderStatuses: ['11', '9'],
    actions: driverActions('bigcommerce'),
  },
  jumpseller: {
    driver: 'jumpseller',
    fields: [
      f('jumpseller', 'login', 'text'),
      f('jumpseller', 'auth_token', 'secret'),
      f('jumpseller', 'hooks_token', 'secret'),
    ],
    install: null,
    orderStatuses: ['paid', 'pending_payment', 'abandoned', 'canceled'].map((s) => ({ value: s, label: `js.${s}` })),
    defaultOrderStatuses: ['paid'],
    actions: driverActions('jumpseller'),
  },
  cartrover: {
    driver: 'cartrover',
    fields: [
      f('cartrover', 'api_user', 'text'),
      f('cartrover', 'api_key', 'secret'),
    ],
    install: null,
    orderStatuses: [],
    defaultOrderStatuses: [],
    actions: driverActions('cartrover'),
  },
};

/** A new connection imports orders and sends tracking; stock and products wait until the seller sets them up. */
export function defaultActionsOf(driver: SetupDriver): TChannelActionsInput {
  const d = SETUP_DRIVERS[driver];
  const actions: TChannelActionsInput = {};
  for (const a of d.actions) {
    actions[a] = { active: a === 'import_orders' || a === 'update_tracking', schedule: null };
    if (a === 'import_orders' && d.defaultOrderStatuses.length) actions[a].options = { orders_status: [...d.defaultOrderStatuses] };
  }
  return actions;
}
