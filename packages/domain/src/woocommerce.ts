import { z } from 'zod';

/**
 * WooCommerce's key-generation flow (woocommerce.md section 1): Omnio sends the seller to the store's
 * `/wc-auth/v1/authorize`; the store POSTs the new keys to Omnio's callback, then sends the browser back.
 */

/** POST /channels/woocommerce/authorize: the process (with its store_url) that receives the keys. */
export const ZWooCommerceAuthorizeStart = z.object({ process_id: z.string().trim().min(1).max(64) }).strict();
export type TWooCommerceAuthorizeStart = z.infer<typeof ZWooCommerceAuthorizeStart>;

export const ZWooCommerceAuthorizeStarted = z.object({ authorize_url: z.string() });
export type WooCommerceAuthorizeStartedDto = z.input<typeof ZWooCommerceAuthorizeStarted>;

/** What WooCommerce POSTs (JSON) to the callback_url; `user_id` is the value Omnio gave (its one-time nonce). */
export const ZWooCommerceKeysCallback = z.object({
  key_id: z.union([z.number(), z.string().max(40)]).optional(),
  user_id: z.union([z.string().max(200), z.number()]).transform(String),
  consumer_key: z.string().trim().min(1).max(200),
  consumer_secret: z.string().trim().min(1).max(200),
  key_permissions: z.string().max(40).optional(),
});
export type TWooCommerceKeysCallback = z.infer<typeof ZWooCommerceKeysCallback>;

export const ZWooCommerceKeysStored = z.object({ ok: z.literal(true) });
export type WooCommerceKeysStoredDto = z.input<typeof ZWooCommerceKeysStored>;
