import type { BroadcastingAuthorizationDto, TBroadcastingAuth } from '@omnio/domain';
import type { AuthedCtx } from '../http/context';
import { forbidden } from '../http/errors';
import { authorizeChannel } from './channel-access';

/** POST /broadcasting/auth: the socket server applies the very same rule when a socket asks to join. */
export function authorizeBroadcasting(ctx: AuthedCtx, input: TBroadcastingAuth): BroadcastingAuthorizationDto {
  const channel = authorizeChannel(ctx.principal, input.channel_name);
  if (!channel) throw forbidden();
  return { channel, authorized: true };
}
