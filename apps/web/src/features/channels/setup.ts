import { CHANNEL_DRIVER_ACTIONS, type ProcessDriver, type TChannelActionsInput } from '@omnio/domain';

/** The set-up screen (route name) of each driver with a working connector. */
export const SETUP_ROUTES: Readonly<Partial<Record<ProcessDriver, string>>> = {
  shopify: 'shopify-create',
  woocommerce: 'woocommerce-create',
  bigcommerce: 'bigcommerce-create',
  jumpseller: 'jumpseller-create',
  cartrover: 'cart-rover',
};

export function hasConnector(key: string): key is ProcessDriver {
  return Object.hasOwn(CHANNEL_DRIVER_ACTIONS, key) && Object.hasOwn(SETUP_ROUTES, key);
}

/** A new Shopify connection: orders come in and tracking goes out; inventory and products wait to be set up. */
export const SHOPIFY_DEFAULT_ACTIONS = {
  import_orders: { active: true, schedule: null },
  update_tracking: { active: true },
  sync_inventory: { active: false },
  import_products: { active: false },
} satisfies TChannelActionsInput;
