import { z } from 'zod';
import { INBOUND_WEBHOOK_STATUSES } from './access-tokens';
import { ZChannelProcessItem } from './channels';
import { ZTimestamp } from './responses';

/**
 * Answers of /processes (the response contract; see responses.ts). The process itself is ZChannelProcessItem
 * (channels.ts); its request bodies and statuses live in channels.ts and access-tokens.ts.
 */

/** Create and rotate-secret answer the webhook secret, once; every other answer leaves it out. */
export const ZProcessWithSecret = ZChannelProcessItem.extend({ webhook_secret: z.string() });
export type ProcessWithSecretDto = z.input<typeof ZProcessWithSecret>;

export const ZInboundWebhookItem = z.object({
  id: z.string(),
  process_id: z.string(),
  context: z.string(),
  resource: z.string(),
  status: z.enum(INBOUND_WEBHOOK_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** What the handler answered: opaque JSON. */
  result: z.unknown(),
  /** The job that works (or last worked) it: GET /jobs/{id}. */
  job_id: z.string().nullable(),
  received_at: ZTimestamp,
  processed_at: ZTimestamp.nullable(),
});
export type InboundWebhookItemDto = z.input<typeof ZInboundWebhookItem>;

/** `POST /processes/{id}/inbound-webhooks/{webhookId}/replay` (202). */
export const ZInboundWebhookReplay = z.object({ id: z.string(), status: z.literal('received'), job_id: z.string() });
export type InboundWebhookReplayDto = z.input<typeof ZInboundWebhookReplay>;

/** What the public gateway answers a sender: 202 for a new delivery, 200 for one seen before. */
/** `ignored`: a delivery the service sends unsigned by design (WooCommerce's creation ping), answered 200 and not stored (id null). */
export const ZInboundWebhookReceipt = z.object({ id: z.string().nullable(), status: z.enum(['received', 'duplicate', 'ignored']) });
export type InboundWebhookReceiptDto = z.input<typeof ZInboundWebhookReceipt>;
