import { parseChannelName } from '@omnio/domain';
import type { Principal } from '../http/context';

/**
 * Who may listen on a private channel (spec 7). One rule for the socket server and POST /broadcasting/auth:
 * - `Omnio.User.{id}`: only that user (an impersonating owner acts as the impersonated user, as the token says);
 * - `Omnio.Tenant.{id}`: only a member of that company, working in it with this token. An owner outside any
 *   company has no company channel. A supplier user is refused: the channel carries tenant-wide events
 *   (subscriptions, imports) a supplier may not see, just as row-level data is limited for them.
 * Answers the canonical channel name (no `private-` prefix, lower-case id) or null.
 */
export function authorizeChannel(principal: Principal, channelName: string): string | null {
  const parsed = parseChannelName(channelName);
  if (!parsed) return null;
  if (parsed.kind === 'user') return parsed.id === principal.userId.toLowerCase() ? `Omnio.User.${parsed.id}` : null;
  if (!principal.companyId || principal.supplierId) return null;
  return parsed.id === principal.companyId.toLowerCase() ? `Omnio.Tenant.${parsed.id}` : null;
}
