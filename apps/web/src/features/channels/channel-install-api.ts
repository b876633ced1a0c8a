import { useMutation } from '@tanstack/react-query';
import { http } from '../../shared/api/http';

/**
 * The install flows of the part-2 channels (their server routes are under /channels/<service>/...):
 * WooCommerce's key generation and BigCommerce's app install and load callbacks.
 */

export interface AuthorizeStarted {
  authorize_url: string;
}
export interface InstalledProcess {
  process_id: string;
}

/** Where the browser goes to let the WooCommerce store generate keys for this process. */
export function useWooCommerceAuthorize() {
  return useMutation({
    mutationFn: async (processId: string) =>
      (await http.post<{ data: AuthorizeStarted }>('/channels/woocommerce/authorize', { process_id: processId })).data,
  });
}

export interface BigCommerceInstallBody {
  code: string;
  scope: string;
  context: string;
  account_uuid?: string;
}

/** BigCommerce's install callback: the server trades the code for a token and makes (or refreshes) the process. */
export async function installBigCommerce(body: BigCommerceInstallBody): Promise<InstalledProcess> {
  return (await http.post<{ data: InstalledProcess }>('/channels/bigcommerce/install', body)).data;
}

/** BigCommerce's load callback (the app opened from the store's admin): the signed payload names the process. */
export async function loadBigCommerce(signedPayloadJwt: string): Promise<InstalledProcess> {
  return (await http.post<{ data: InstalledProcess }>('/channels/bigcommerce/load', { signed_payload_jwt: signedPayloadJwt })).data;
}
