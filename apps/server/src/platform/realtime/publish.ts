import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** The PostgreSQL channel every API process listens on; NOTIFY is delivered only when the transaction commits. */
export const REALTIME_PG_CHANNEL = 'omnio_realtime';

export const userChannel = (userId: string) => `Omnio.User.${userId}`;
export const tenantChannel = (companyId: string) => `Omnio.Tenant.${companyId}`;

export interface RealtimeMessage {
  /** `Omnio.User.{userId}` or `Omnio.Tenant.{companyId}`. */
  channel: string;
  /** Spec 7: names ending in `-event` are dispatched by name on the client. */
  event: string;
  data: unknown;
}

/**
 * Publishes inside the caller's transaction: a rolled-back change sends nothing, a committed one reaches
 * every API process (each relays to its own sockets), whichever process — API or worker — committed it.
 */
export async function publishRealtime(tx: Tx, messages: RealtimeMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.execute(sql`SELECT pg_notify(${REALTIME_PG_CHANNEL}, m::text) FROM jsonb_array_elements(${JSON.stringify(messages)}::jsonb) AS m`);
}
