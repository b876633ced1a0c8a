import { z } from 'zod';

/**
 * Spec 7 real time: private channels per user and per company. The same names on the server (who may join)
 * and on the web client (what it joins).
 */
export const USER_CHANNEL_PREFIX = 'Omnio.User.';
export const TENANT_CHANNEL_PREFIX = 'Omnio.Tenant.';

export const userChannelName = (userId: string) => `${USER_CHANNEL_PREFIX}${userId}`;
export const tenantChannelName = (companyId: string) => `${TENANT_CHANNEL_PREFIX}${companyId}`;

/** The socket.io path on the API's own origin. */
export const REALTIME_PATH = '/socket.io';

/** Spec 7: user-preference-updated replaces the signed-in user's preferences. */
export const USER_PREFERENCE_UPDATED_EVENT = 'user-preference-updated';

/** What a client sends to join or leave a channel (socket.io events with an acknowledgement). */
export const REALTIME_SUBSCRIBE = 'subscribe';
export const REALTIME_UNSUBSCRIBE = 'unsubscribe';

export type RealtimeAck = { ok: true; channel: string } | { ok: false; error: string };

/** Spec 7: names ending in -event are dispatched by name; user-preference-updated too. */
export function isDispatchedRealtimeEvent(event: string): boolean {
  return event.endsWith('-event') || event === USER_PREFERENCE_UPDATED_EVENT;
}

export type ParsedChannel = { kind: 'user'; id: string } | { kind: 'tenant'; id: string };

/**
 * `Omnio.User.{id}` / `Omnio.Tenant.{id}`; a Laravel Echo style `private-` prefix is accepted so such clients
 * work unchanged. Anything else is no channel of ours.
 */
export function parseChannelName(name: string): ParsedChannel | null {
  const bare = name.startsWith('private-') ? name.slice('private-'.length) : name;
  const id = (prefix: string) => bare.slice(prefix.length).toLowerCase();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (bare.startsWith(USER_CHANNEL_PREFIX) && uuid.test(id(USER_CHANNEL_PREFIX))) return { kind: 'user', id: id(USER_CHANNEL_PREFIX) };
  if (bare.startsWith(TENANT_CHANNEL_PREFIX) && uuid.test(id(TENANT_CHANNEL_PREFIX))) return { kind: 'tenant', id: id(TENANT_CHANNEL_PREFIX) };
  return null;
}

/** POST /broadcasting/auth (spec 7). socket_id is accepted for Pusher/Echo compatibility and not needed. */
export const ZBroadcastingAuth = z.object({
  channel_name: z.string().min(1).max(200),
  socket_id: z.string().max(200).optional(),
});
export type TBroadcastingAuth = z.infer<typeof ZBroadcastingAuth>;

/** The payload of user-preference-updated: the user's resolved preferences (defaults applied), as /users/information has them. */
export interface UserPreferenceUpdatedData {
  preferences: Record<string, unknown>;
}

// ---- Answers (the response contract; see responses.ts) ----

/** POST /broadcasting/auth: the channel as the server names it (a refusal is a 403, never `authorized: false`). */
export const ZBroadcastingAuthorization = z.object({ channel: z.string(), authorized: z.literal(true) });
export type BroadcastingAuthorizationDto = z.input<typeof ZBroadcastingAuthorization>;
