import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { queryPrepared } from './rows';

export interface StatusEvent {
  /** 'order', 'shipment', 'return', … */
  subjectType: string;
  subjectId: string;
  action: string;
  from: string | null;
  to: string | null;
  userId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * The one statement (an INSERT … SELECT) that publishes a batch of events in the transaction that recorded them:
 * the outgoing webhooks' deliveries. Platform does not know the webhooks module; the composition root installs it.
 */
export type StatusEventPublisher = (tenantId: string, events: StatusEvent[]) => SQL;

let publisher: StatusEventPublisher | undefined;

export function setStatusEventPublisher(publish: StatusEventPublisher): void {
  publisher = publish;
}

/**
 * Appends lifecycle events in the transaction that changed the status, so the history never disagrees
 * with the object. The tenant comes from the transaction (withTenant), checked by row-level security.
 * Every event is also published (to the tenant's outgoing webhooks) in the same transaction and the same
 * statement: one round trip per batch, never one per event.
 */
export async function recordStatusEvents(tx: Tx, tenantId: string, events: StatusEvent[]): Promise<void> {
  if (events.length === 0) return;
  const { history, deliveries } = statusEventInserts(tenantId, events);
  await queryPrepared(tx, sql`WITH history AS (${history}) ${deliveries}`);
}

/**
 * recordStatusEvents as two INSERTs for a caller's own statement (the order import writes its orders, lines
 * and their history in one): the history rows, then the webhook deliveries. Both must run (top-level WITH
 * items of one statement, say).
 */
export function statusEventInserts(tenantId: string, events: StatusEvent[]): { history: SQL; deliveries: SQL } {
  // Loud rather than silent: a process that forgot its composition would drop every webhook.
  if (!publisher) throw new Error('No status event publisher installed (composeServer in composition.ts installs it)');
  const rows = events.map((e) => ({
    st: e.subjectType, sid: e.subjectId, a: e.action, f: e.from, t: e.to, u: e.userId ?? null, d: e.data ?? {},
  }));
  return {
    history: sql`
      INSERT INTO status_events (tenant_id, subject_type, subject_id, action, from_status, to_status, user_id, data)
      SELECT ${tenantId}::uuid, x.st, x.sid, x.a, x.f, x.t, x.u, coalesce(x.d, '{}'::jsonb)
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(st text, sid uuid, a text, f text, t text, u uuid, d jsonb)`,
    deliveries: publisher(tenantId, events),
  };
}

export const recordStatusEvent = (tx: Tx, tenantId: string, event: StatusEvent) => recordStatusEvents(tx, tenantId, [event]);
