import type { FastifyBaseLogger } from 'fastify';
import type { SupplyEvent } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent } from '../../platform/db/status-events';

/**
 * The rule hook points of spec 4 ("PO shipment in transit", "PO shipment complete"): an in-process
 * registry the automation-rules work subscribes to with registerSupplyEventHandler. Handlers run inside
 * the transaction that changed the shipment, so what they write commits or rolls back with it.
 *
 * A failing handler must not corrupt or block the receipt it reacts to: each handler runs in its own
 * savepoint; when it throws, only its own writes are rolled back, the shipment change still commits, and
 * the failure is written to the shipment's history (`event_handler_failed`) and logged, never swallowed.
 */

export interface SupplyEventPayload {
  tenantId: string;
  shipmentId: string;
  asnNumber: string;
  purchaseOrderId: string | null;
  transferId: string | null;
  toIlocId: string;
  userId: string | null;
  /** Units the change concerns: shipped (in transit), or received by the completing receipt. */
  units: number;
}

export type SupplyEventHandler = (tx: Tx, payload: SupplyEventPayload, event: SupplyEvent) => Promise<void>;

const handlers = new Map<SupplyEvent, { name: string; fn: SupplyEventHandler }[]>();

/** Subscribes a handler; answers a function that unsubscribes it (tests, hot reload). */
export function registerSupplyEventHandler(event: SupplyEvent, fn: SupplyEventHandler, name = fn.name || 'handler'): () => void {
  const list = handlers.get(event) ?? [];
  const entry = { name, fn };
  list.push(entry);
  handlers.set(event, list);
  return () => {
    const current = handlers.get(event) ?? [];
    handlers.set(event, current.filter((h) => h !== entry));
  };
}

/** Runs every handler of the event, in registration order, each isolated in a savepoint. */
export async function emitSupplyEvent(tx: Tx, event: SupplyEvent, payload: SupplyEventPayload, log?: FastifyBaseLogger): Promise<void> {
  for (const handler of handlers.get(event) ?? []) {
    try {
      await tx.transaction((sp) => handler.fn(sp as unknown as Tx, payload, event));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log?.error({ err, event, handler: handler.name, shipmentId: payload.shipmentId }, 'supply event handler failed');
      await recordStatusEvent(tx, payload.tenantId, {
        subjectType: 'supply_shipment', subjectId: payload.shipmentId, action: 'event_handler_failed', from: null, to: null,
        userId: payload.userId, data: { event, handler: handler.name, error: message.slice(0, 500) },
      });
    }
  }
}
