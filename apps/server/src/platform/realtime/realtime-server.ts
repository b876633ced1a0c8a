import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { REALTIME_PATH, REALTIME_SUBSCRIBE, REALTIME_UNSUBSCRIBE, type RealtimeAck } from '@omnio/domain';
import type { Runtime } from '../bootstrap';
import type { Principal } from '../http/context';
import { principalFromToken } from '../http/auth';
import { authorizeChannel } from './channel-access';
import { REALTIME_PG_CHANNEL } from './publish';
import { RealtimeDecoder } from './relay';

interface SocketData {
  token: string;
  principal: Principal;
  expiryTimer?: NodeJS.Timeout;
}

type AppSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type AppServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export interface RealtimeOptions {
  /**
   * How often this process asks the database whether the tokens of its sockets are still valid (revoked,
   * user disabled); a socket whose token is gone is disconnected. Expiry needs no query: each socket has
   * a timer at its token's expires_at.
   */
  revalidateMs?: number;
}

const REVALIDATE_MS = 10_000;
// setTimeout's largest delay; a token living longer is simply re-armed by the next revalidation.
const MAX_TIMER_MS = 2_147_483_647;

const STILL_VALID_SQL = `
SELECT t.id::text AS id FROM oauth_access_tokens t
JOIN users u ON u.id = t.user_id AND u.disabled_at IS NULL
WHERE t.id = ANY($1::uuid[]) AND t.revoked_at IS NULL AND t.expires_at > now()`;

/**
 * Attaches the socket server to the HTTP server and relays committed NOTIFYs to the sockets of this process.
 * Nothing starts until the server listens: an app built only for `app.inject` opens no socket server and no
 * LISTEN connection.
 */
export async function attachRealtime(app: FastifyInstance, runtime: Runtime, options: RealtimeOptions = {}): Promise<void> {
  let io: AppServer | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let revalidateTimer: NodeJS.Timeout | undefined;
  const log = runtime.log.child({ module: 'realtime' });

  app.addHook('onListen', async () => {
    const server: AppServer = new Server(app.server, { path: REALTIME_PATH, serveClient: false, maxHttpBufferSize: 16 * 1024 });
    io = server;
    const handshakes = new HandshakeLimiter(runtime.config.rateLimitPerMinute);
    server.use((socket, next) => {
      // Handshakes bypass Fastify and its rate limit; each costs a token lookup, so they get the same limit.
      if (!handshakes.allow(clientAddress(socket))) return next(new Error('Too many requests.'));
      void authenticateSocket(socket, runtime).then(
        (ok) => next(ok ? undefined : new Error('Unauthenticated.')),
        (err: Error) => {
          log.error({ err }, 'socket authentication failed');
          next(new Error('Unauthenticated.'));
        },
      );
    });
    server.on('connection', (socket) => onConnection(socket, runtime));

    const decoder = new RealtimeDecoder((reason) => log.warn({ reason }, 'realtime payload dropped'));
    // Every committed publish, from any process on this database, arrives here; each process emits to its own sockets.
    unlisten = await runtime.database.listen(REALTIME_PG_CHANNEL, (payload) => {
      const message = decoder.push(payload);
      if (message) server.to(message.channel).emit(message.event, message.data);
    });

    const every = options.revalidateMs ?? REVALIDATE_MS;
    revalidateTimer = setInterval(() => void revalidate(server, runtime).catch((err: Error) => log.warn({ err }, 'socket revalidation failed')), every);
    revalidateTimer.unref();
  });

  // Before the HTTP server closes: open websockets would otherwise keep it from ever finishing.
  app.addHook('preClose', async () => {
    if (revalidateTimer) clearInterval(revalidateTimer);
    if (!io) return;
    // Closing the transports (not a server-side disconnect) tells clients 'transport close': they reconnect
    // by themselves, to this process once restarted or to another one. Not io.close(): that also closes the
    // HTTP server, which is Fastify's to close.
    io.engine.close();
  });

  app.addHook('onClose', async () => {
    await unlisten?.();
    unlisten = undefined;
    io = undefined;
  });
}

/** The caller's address as Fastify sees it (trustProxy: the first X-Forwarded-For entry). */
function clientAddress(socket: AppSocket): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || socket.handshake.address;
}

/** Handshakes per client address per minute (fixed one-minute windows, like @fastify/rate-limit's default). */
class HandshakeLimiter {
  private readonly counts = new Map<string, number>();
  private windowStart = Date.now();

  constructor(private readonly perMinute: number) {}

  allow(address: string, now = Date.now()): boolean {
    if (now - this.windowStart >= 60_000) {
      this.counts.clear();
      this.windowStart = now;
    }
    const n = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, n);
    return n <= this.perMinute;
  }
}

async function authenticateSocket(socket: AppSocket, runtime: Runtime): Promise<boolean> {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const token = typeof auth?.token === 'string' ? auth.token.replace(/^Bearer\s+/i, '') : '';
  if (!token || token.length > 512) return false;
  const principal = await principalFromToken(runtime, token);
  if (!principal) return false;
  socket.data.token = token;
  socket.data.principal = principal;
  return true;
}

function onConnection(socket: AppSocket, runtime: Runtime): void {
  armExpiry(socket);
  socket.on('disconnect', () => clearTimeout(socket.data.expiryTimer));

  // (payload, ack): the ack answers whether the join worked; a refused join never receives anything.
  socket.on(REALTIME_SUBSCRIBE, async (payload: unknown, ack: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (answer: RealtimeAck) => void) : () => {};
    const channelName = (payload as { channel?: unknown } | null)?.channel;
    if (typeof channelName !== 'string' || channelName.length > 200) return reply({ ok: false, error: 'Invalid channel.' });
    // The token is checked again on every join: a revoked or expired one cannot join anything more.
    const principal = await principalFromToken(runtime, socket.data.token).catch((err: unknown) => {
      runtime.log.error({ err, module: 'realtime' }, 'socket token check failed');
      return null;
    });
    if (!principal) {
      reply({ ok: false, error: 'Unauthenticated.' });
      socket.disconnect(true);
      return;
    }
    socket.data.principal = principal;
    const channel = authorizeChannel(principal, channelName);
    if (!channel) return reply({ ok: false, error: 'Forbidden.' });
    await socket.join(channel);
    reply({ ok: true, channel });
  });

  socket.on(REALTIME_UNSUBSCRIBE, async (payload: unknown, ack: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (answer: RealtimeAck) => void) : () => {};
    const channelName = (payload as { channel?: unknown } | null)?.channel;
    const channel = typeof channelName === 'string' ? authorizeChannel(socket.data.principal, channelName) : null;
    if (!channel) return reply({ ok: false, error: 'Invalid channel.' });
    await socket.leave(channel);
    reply({ ok: true, channel });
  });
}

function armExpiry(socket: AppSocket): void {
  clearTimeout(socket.data.expiryTimer);
  const wait = socket.data.principal.expiresAt - Date.now();
  if (wait > MAX_TIMER_MS) return;
  socket.data.expiryTimer = setTimeout(() => socket.disconnect(true), Math.max(0, wait));
  socket.data.expiryTimer.unref();
}

/** One query per interval for all sockets of this process: those whose token was revoked are disconnected. */
async function revalidate(io: AppServer, runtime: Runtime): Promise<void> {
  const sockets = [...io.of('/').sockets.values()];
  if (sockets.length === 0) return;
  const ids = [...new Set(sockets.map((s) => s.data.principal.tokenId))];
  const rows = await runtime.database.query<{ id: string }>(STILL_VALID_SQL, [ids], 'realtime_tokens_still_valid');
  const valid = new Set(rows.map((r) => r.id));
  for (const socket of sockets) {
    if (!valid.has(socket.data.principal.tokenId)) socket.disconnect(true);
    else armExpiry(socket);
  }
}
