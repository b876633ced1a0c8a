import type { ConnectionCheckDto } from '@omnio/domain';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { warehouses } from './warehouses.tables';

/** Default ports of the drivers, used when a connection names none. */
const DEFAULT_PORTS: Record<string, number> = { mysql: 3306, pgsql: 5432, sqlsrv: 1433 };
export const CONNECT_TIMEOUT_MS = 5000;

export type ConnectionCheck = ConnectionCheckDto;

/** One TCP connection attempt; never throws (a refusal or a timeout is an answer, not an error). */
export function probeTcp(host: string, port: number, timeoutMs = CONNECT_TIMEOUT_MS): Promise<ConnectionCheck> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean, message: string) => {
      socket.destroy();
      resolve({ ok, message, host, port, latency_ms: ok ? Date.now() - started : null });
    };
    socket.setTimeout(timeoutMs, () => done(false, `No answer from ${host}:${port} within ${timeoutMs / 1000} s`));
    socket.once('connect', () => done(true, `Connected to ${host}:${port}`));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      const why = err.code === 'ECONNREFUSED' ? 'the connection was refused'
        : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' ? 'the host name is unknown'
          : (err.code ?? 'the connection failed');
      done(false, `Could not connect to ${host}:${port}: ${why}`);
    });
  });
}

/**
 * 'Test connection': whether the warehouse's database host answers on its port. Only reachability —
 * signing in would need a client library per driver (mysql, pgsql, sqlsrv) for a check the owner can
 * also make from the warehouse system itself. Owner-only, like the rest of /warehouses.
 */
export async function testWarehouseConnection(ctx: AuthedCtx, idParam: string): Promise<ConnectionCheck> {
  const id = assertId(idParam, 'Warehouse');
  const [row] = await ctx.db
    .select({ driver: warehouses.connDriver, host: warehouses.connHost, port: warehouses.connPort })
    .from(warehouses)
    .where(eq(warehouses.id, id))
    .limit(1);
  if (!row) throw notFound('Warehouse');
  if (!row.host) throw fieldError('connection.host', 'The warehouse has no connection host');
  const port = row.port ?? DEFAULT_PORTS[row.driver ?? ''];
  if (!port) throw fieldError('connection.port', 'The warehouse has no connection port');
  return probeTcp(row.host, port);
}
