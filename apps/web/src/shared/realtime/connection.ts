import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, REALTIME_SUBSCRIBE, isDispatchedRealtimeEvent, type RealtimeAck } from '@omnio/domain';
import { refreshOnce } from '../api/http';
import { getTokens } from '../session/storage';
import { dispatchRealtime } from './realtime';

/** Spec 3/session: the real-time connection states. */
export type RealtimeStatus = 'none' | 'loading' | 'connected';

type StatusListener = (status: RealtimeStatus) => void;

let socket: Socket | null = null;
let status: RealtimeStatus = 'none';
const statusListeners = new Set<StatusListener>();
// Refused handshakes in a row (bad or expired token): a refresh is tried, but never in a loop.
let authFailures = 0;
const MAX_AUTH_FAILURES = 3;

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener(next);
}

export function realtimeStatus(): RealtimeStatus {
  return status;
}

export function onRealtimeStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
}

/**
 * Opens the socket (same origin, /socket.io) and joins the given channels; every (re)connection joins them
 * again, since the server forgets a socket's channels with it. The token is read at each handshake, so a
 * token the HTTP client refreshed is picked up by the next reconnection.
 */
export function connectRealtime(channels: string[]): void {
  disconnectRealtime();
  authFailures = 0;
  setStatus('loading');
  let usedToken: string | null = null;
  const s = io({
    path: REALTIME_PATH,
    // WebSocket only: several API processes behind a load balancer then need no sticky sessions.
    transports: ['websocket'],
    reconnectionDelayMax: 10_000,
    auth: (cb) => {
      usedToken = getTokens()?.accessToken ?? null;
      cb({ token: usedToken ?? '' });
    },
  });
  socket = s;

  s.on('connect', () => {
    authFailures = 0;
    setStatus('loading');
    void Promise.all(
      channels.map((channel) => s.timeout(10_000).emitWithAck(REALTIME_SUBSCRIBE, { channel }).catch(() => ({ ok: false, error: 'timeout' }) as RealtimeAck)),
    ).then(() => {
      if (socket === s && s.connected) setStatus('connected');
    });
  });

  s.onAny((event: string, data: unknown) => {
    if (isDispatchedRealtimeEvent(event)) dispatchRealtime(event, data);
  });

  // The server refused the handshake (token unknown, expired or revoked) or dropped the socket (its token
  // expired or was revoked while connected): socket.io does not retry these by itself. Use the token the HTTP
  // client may have refreshed meanwhile, else refresh once when the old one is refused or expired; then retry.
  const retry = (tokenRefused: boolean) => {
    if (socket !== s) return;
    if (++authFailures > MAX_AUTH_FAILURES) return setStatus('none');
    setStatus('loading');
    const tokens = getTokens();
    const changed = tokens !== null && tokens.accessToken !== usedToken;
    const expired = tokens?.expiresAt != null && tokens.expiresAt <= Date.now() + 5_000;
    const ready = changed || !(tokenRefused || expired) ? Promise.resolve(tokens !== null) : refreshOnce();
    void ready.then((ok) => {
      if (socket !== s) return;
      if (!ok) return setStatus('none');
      window.setTimeout(() => socket === s && s.connect(), 500 * authFailures);
    });
  };

  s.on('connect_error', () => {
    if (s.active) setStatus('loading');
    else retry(true);
  });

  s.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') retry(false);
    else if (reason !== 'io client disconnect') setStatus('loading');
  });
}

/** Logout (spec 4) and sign-in as someone else close the connection first. */
export function disconnectRealtime(): void {
  const s = socket;
  socket = null;
  if (s) {
    s.removeAllListeners();
    s.offAny();
    s.disconnect();
  }
  setStatus('none');
}
