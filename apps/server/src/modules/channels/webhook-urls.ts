import { inboundWebhookPath, INBOUND_WEBHOOK_KINDS, type InboundWebhookKind } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';

/**
 * The public addresses a service posts a process's events to, one per inbound kind. Here rather than in
 * processes: the channel framework registers them with the service, and processes already build on channels.
 */
export function webhookUrls(deps: AppDeps, processId: string): Record<InboundWebhookKind, string> {
  return Object.fromEntries(INBOUND_WEBHOOK_KINDS.map((k) => [k, `${deps.config.appUrl}${inboundWebhookPath(processId, k)}`])) as Record<InboundWebhookKind, string>;
}
