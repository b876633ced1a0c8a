import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, REALTIME_SUBSCRIBE, type RealtimeAck } from '@omnio/domain';

/** A real socket.io client, as the web app connects (tests only). */
export interface TestSocket {
  socket: Socket;
  /** Every event received, in order. */
  received: { event: string; data: unknown }[];
  join(channel: string): Promise<RealtimeAck>;
  /** Resolves with the data of the first event of that name (received before or after the call). */
  next(event: string, timeoutMs?: number): Promise<unknown>;
  disconnected(timeoutMs?: number): Promise<string>;
  close(): void;
}

export async function connectSocket(baseUrl: string, token: string | undefined): Promise<TestSocket> {
  const socket = io(baseUrl, { path: REALTIME_PATH, auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  const received: TestSocket['received'] = [];
  socket.onAny((event: string, data: unknown) => received.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  let disconnectReason: string | undefined;
  socket.on('disconnect', (reason) => (disconnectReason = reason));
  return {
    socket,
    received,
    join: (channel) => socket.timeout(5_000).emitWithAck(REALTIME_SUBSCRIBE, { channel }) as Promise<RealtimeAck>,
    async next(event, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find((r) => r.event === event);
        if (hit) return hit.data;
        if (Date.now() > until) throw new Error(`no ${event} within ${timeoutMs} ms; got ${received.map((r) => r.event).join(', ') || 'nothing'}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async disconnected(timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (disconnectReason === undefined) {
        if (Date.now() > until) throw new Error(`still connected after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return disconnectReason;
    },
    close: () => void socket.close(),
  };
}
