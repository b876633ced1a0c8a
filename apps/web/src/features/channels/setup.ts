import { CHANNEL_DRIVER_ACTIONS, type ProcessDriver, type TChannelActionsInput } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';

/** The set-up screen (route name) of each driver with a working connector. */
export const SETUP_ROUTES: Readonly<Partial<Record<ProcessDriver, string>>> = {
  shopify: 'shopify-create',
  woocommerce: 'woocommerce-create',
  bigcommerce: 'bigcommerce-create',
  jumpseller: 'jumpseller-create',
  cartrover: 'cart-rover',
  'edi-x12': 'edi-create',
};

/** Catalogue services set up on another driver's screen: the EDI networks are presets of an edi-x12 partner. */
export const SERVICE_SETUP_ROUTES: Readonly<Record<string, { driver: ProcessDriver; route: string }>> = {
  commercehub: { driver: 'edi-x12', route: 'commercehub-create' },
  spscommerce: { driver: 'edi-x12', route: 'spscommerce-create' },
};

export function hasConnector(key: string): boolean {
  if (Object.hasOwn(SERVICE_SETUP_ROUTES, key)) return Object.hasOwn(CHANNEL_DRIVER_ACTIONS, SERVICE_SETUP_ROUTES[key]!.driver);
  return Object.hasOwn(CHANNEL_DRIVER_ACTIONS, key) && Object.hasOwn(SETUP_ROUTES, key);
}

/** The set-up screen of a catalogue service (some routes carry the service key as :id), or null without a connector. */
export function setupPathOf(key: string): string | null {
  if (!hasConnector(key)) return null;
  const route = Object.hasOwn(SERVICE_SETUP_ROUTES, key) ? SERVICE_SETUP_ROUTES[key]!.route : SETUP_ROUTES[key as ProcessDriver];
  return route ? pathOf(route, { id: key }) : null;
}

/** The catalogue service a process belongs to: an EDI partner made from a network's preset counts under that network. */
export function serviceKeyOf(process: { driver: string; settings?: object | null }): string {
  const preset = (process.settings as { edi_preset?: unknown } | null | undefined)?.edi_preset;
  return process.driver === 'edi-x12' && typeof preset === 'string' && Object.hasOwn(SERVICE_SETUP_ROUTES, preset) ? preset : process.driver;
}

/** A new Shopify connection: orders come in and tracking goes out; inventory and products wait to be set up. */
export const SHOPIFY_DEFAULT_ACTIONS = {
  import_orders: { active: true, schedule: null },
  update_tracking: { active: true },
  sync_inventory: { active: false },
  import_products: { active: false },
} satisfies TChannelActionsInput;
