import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { tenantChannelName, userChannelName } from '@omnio/domain';
import type { Tx } from '../db/client';

/** The PostgreSQL channel every API process listens on; NOTIFY is delivered only when the transaction commits. */
export const REALTIME_PG_CHANNEL = 'omnio_realtime';

export const userChannel = (userId: string) => userChannelName(userId);
export const tenantChannel = (companyId: string) => tenantChannelName(companyId);

export interface RealtimeMessage {
  /** `Omnio.User.{userId}` or `Omnio.Tenant.{companyId}`. */
  channel: string;
  /** Spec 7: names ending in `-event` are dispatched by name on the client. */
  event: string;
  data: unknown;
}

/**
 * A NOTIFY payload must stay under 8000 bytes or PostgreSQL raises an error (which would roll back the
 * publisher's transaction). Bigger messages travel as numbered base64 chunks of this many raw bytes
 * (6,668 characters once encoded, well under the limit with the envelope) and are put together again by
 * the listener.
 */
export const NOTIFY_SAFE_BYTES = 7_500;
const CHUNK_RAW_BYTES = 5_000;
/** A realtime message is a nudge, not a file transfer: beyond this, send an id and let the client fetch. */
export const MAX_REALTIME_MESSAGE_BYTES = 256 * 1024;

/** One piece of a message too big for a single NOTIFY. */
export interface RealtimeChunk {
  chunk: { id: string; index: number; total: number };
  b64: string;
}

/** The NOTIFY payloads one message travels as: itself when small, numbered chunks otherwise. */
export function encodeRealtimeMessage(message: RealtimeMessage): string[] {
  const text = JSON.stringify({ channel: message.channel, event: message.event, data: message.data ?? null });
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= NOTIFY_SAFE_BYTES) return [text];
  if (bytes.length > MAX_REALTIME_MESSAGE_BYTES) {
    // Loud on purpose: the publisher's transaction fails in development instead of a silent drop.
    throw new Error(`Realtime message ${message.event} on ${message.channel} is ${bytes.length} bytes; the limit is ${MAX_REALTIME_MESSAGE_BYTES}. Send an id and let the client fetch the rest.`);
  }
  const id = randomUUID();
  const total = Math.ceil(bytes.length / CHUNK_RAW_BYTES);
  const out: string[] = [];
  for (let index = 0; index < total; index++) {
    const piece: RealtimeChunk = { chunk: { id, index, total }, b64: bytes.subarray(index * CHUNK_RAW_BYTES, (index + 1) * CHUNK_RAW_BYTES).toString('base64') };
    out.push(JSON.stringify(piece));
  }
  return out;
}

/**
 * Publishes inside the caller's transaction: a rolled-back change sends nothing, a committed one reaches
 * every API process (each relays to its own sockets), whichever process — API or worker — committed it.
 */
export async function publishRealtime(tx: Tx, messages: RealtimeMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const payloads = messages.flatMap(encodeRealtimeMessage);
  // One round trip for the whole batch; ORDER BY keeps the chunks of a message in order.
  await tx.execute(sql`SELECT pg_notify(${REALTIME_PG_CHANNEL}, x.p)
    FROM jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) WITH ORDINALITY AS x(p, i) ORDER BY x.i`);
}
