import { sql, type SQL } from 'drizzle-orm';
import { webhookTopicOf } from '@omnio/domain';
import type { Tx } from './client';
import { queryPrepared } from './rows';
import { webhookDeliveriesInsert } from '../../modules/webhooks/webhook-publish';

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
 * Appends lifecycle events in the transaction that changed the status, so the history never disagrees
 * with the object. The tenant comes from the transaction (withTenant), checked by row-level security.
 * Every event is also published to the tenant's outgoing webhooks (`<subject>.<action>`, create → created,
 * edit → updated) in the same transaction and the same statement: one round trip per batch, never one per event.
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
  const rows = events.map((e) => ({
    st: e.subjectType, sid: e.subjectId, a: e.action, f: e.from, t: e.to, u: e.userId ?? null, d: e.data ?? {},
  }));
  return {
    history: sql`
      INSERT INTO status_events (tenant_id, subject_type, subject_id, action, from_status, to_status, user_id, data)
      SELECT ${tenantId}::uuid, x.st, x.sid, x.a, x.f, x.t, x.u, coalesce(x.d, '{}'::jsonb)
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(st text, sid uuid, a text, f text, t text, u uuid, d jsonb)`,
    deliveries: webhookDeliveriesInsert(tenantId, events.map((e) => ({
      topic: webhookTopicOf(e.subjectType, e.action),
      payload: { id: e.subjectId, type: e.subjectType, action: e.action, from: e.from, to: e.to, user_id: e.userId ?? null, details: e.data ?? {} },
    }))),
  };
}

export const recordStatusEvent = (tx: Tx, tenantId: string, event: StatusEvent) => recordStatusEvents(tx, tenantId, [event]);
