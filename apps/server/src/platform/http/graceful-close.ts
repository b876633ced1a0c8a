import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the HTTP server without cutting answers short. Node's server.close() destroys the keep-alive
 * connections it counts as idle; a client that has not yet read an answer it was sent (fetch reads a body only
 * when asked) then loses the rest of it. So, before the close: every idle connection is ended politely (FIN after
 * the data; the client reads to the end, then sees the close) and given a moment to go; an answer finished while
 * closing says `Connection: close`, so Node ends its connection the same way once the answer is out. Requests in
 * flight finish as before (server.close waits for them; the process lifecycle's deadline bounds them).
 */
export function registerGracefulClose(app: FastifyInstance, settleMs = 2_000): void {
  const sockets = new Set<Socket>();
  const busy = new Map<Socket, number>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  // A websocket is the realtime server's to close (it says goodbye in its own protocol).
  app.server.on('upgrade', (_req, socket: Socket) => sockets.delete(socket));
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    reply.raw.once('close', () => busy.set(socket, Math.max(0, (busy.get(socket) ?? 1) - 1)));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing && !reply.raw.headersSent) void reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    const idle = [...sockets].filter((s) => !busy.get(s));
    for (const socket of idle) socket.end();
    for (const until = Date.now() + settleMs; Date.now() < until && idle.some((s) => !s.destroyed); ) {
      await new Promise((r) => setTimeout(r, 10));
    }
  });
}
