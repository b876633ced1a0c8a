import { z } from 'zod';

/**
 * BigCommerce app install (bigcommerce.md section 1): the browser of a merchant installing the app reaches the
 * web app's `/services/bigcommerce-connector` with BigCommerce's `code`, `scope` and `context`; the web app hands
 * them to `POST /channels/bigcommerce/install`, which exchanges the code for the store's token. Opening the app
 * from the store's control panel later sends a `signed_payload_jwt` (the load callback) to `POST /channels/bigcommerce/load`.
 */
export const ZBigcommerceInstall = z.object({
  code: z.string().trim().min(1).max(500),
  scope: z.string().trim().max(2000),
  /** `stores/{store_hash}` */
  context: z.string().trim().regex(/^stores\/[a-z0-9]{1,40}$/i, 'BigCommerce gives the store as stores/{store_hash}'),
  account_uuid: z.string().trim().max(100).optional(),
  name: z.string().trim().min(1).max(100).optional(),
}).strict();
export type TBigcommerceInstall = z.infer<typeof ZBigcommerceInstall>;

export const ZBigcommerceLoad = z.object({ signed_payload_jwt: z.string().trim().min(1).max(8000) }).strict();
export type TBigcommerceLoad = z.infer<typeof ZBigcommerceLoad>;

/** Both answer the company's process of that store. */
export const ZBigcommerceInstalled = z.object({ process_id: z.string() });
export type BigcommerceInstalledDto = z.input<typeof ZBigcommerceInstalled>;
