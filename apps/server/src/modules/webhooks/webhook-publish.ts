import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { WEBHOOK_ALL_TOPICS, WEBHOOK_TEST_TOPIC } from '@omnio/domain';

export interface WebhookEventInput {
  topic: string;
  /** The event's `data`: the object it is about and what happened. */
  payload: Record<string, unknown>;
}

/** The body every receiver gets: a stable event id (the same for each subscription), topic, time, data. */
export function webhookEnvelope(topic: string, data: Record<string, unknown>, at = new Date()) {
  return { id: randomUUID(), topic, created_at: at.toISOString(), data };
}

/**
 * The statement that queues one delivery per matching active subscription of the tenant, run in the
 * caller's transaction (so an event is announced exactly when its change commits) — recordStatusEvents
 * sends it with the history rows, in one round trip. One statement per batch whatever its size; with no
 * subscription it is an index probe that inserts nothing (the order import publishes ~1,000 events/s).
 * A subscription matches its exact topic, `<object>.*`, or `*` (which never receives 'send test').
 */
export function webhookDeliveriesInsert(tenantId: string, events: WebhookEventInput[]): SQL {
  const at = new Date();
  const rows = events.map((e) => ({ topic: e.topic, obj: e.topic.split('.')[0], body: webhookEnvelope(e.topic, e.payload, at) }));
  return sql`
    INSERT INTO webhook_deliveries (tenant_id, subscription_id, topic, payload)
    SELECT s.tenant_id, s.id, x.topic, x.body
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(topic text, obj text, body jsonb)
    JOIN webhook_subscriptions s ON s.tenant_id = ${tenantId}::uuid AND s.status = 'active'
      AND s.topic IN (x.topic, x.obj || '.*', CASE WHEN x.topic <> ${WEBHOOK_TEST_TOPIC} THEN ${WEBHOOK_ALL_TOPICS} END)`;
}
