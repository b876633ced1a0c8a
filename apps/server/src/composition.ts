import { webhookTopicOf } from '@omnio/domain';
import type { BackgroundLoop } from './platform/background';
import { setStartupSteps } from './platform/bootstrap';
import { setStatusEventPublisher, type StatusEvent } from './platform/db/status-events';
import { setJobFailureNotifier } from './platform/jobs/jobs';
import { createNotifications } from './modules/notifications/notify';
import { setClientRefusal } from './modules/auth/oauth-model';
import { revokeUserTokens } from './modules/auth/tokens.service';
import { setSignInRevoker } from './modules/users/users.service';
import { appServiceRefusal } from './modules/services/app-service-status';
import { startScheduleTicker } from './modules/schedules/schedules.service';
import { webhookDeliveriesInsert } from './modules/webhooks/webhook-publish';
import { startWebhookDispatcher } from './modules/webhooks/webhook-dispatcher';
import { ensureOauthClient } from './seed/web-client.seed';
import { seedDemo } from './seed/demo.seed';

/**
 * Where platform meets the modules. Platform never imports a module (docs/ARCHITECTURE.md, Layers): what it
 * needs of them it takes through the hooks installed here. Every process entry (server.ts, worker.ts, the seed
 * command, the test app) calls composeServer before it starts a runtime; calling it again changes nothing.
 */
export function composeServer(): void {
  setStartupSteps({ afterMigrations: ensureOauthClient, seedDemo });
  setStatusEventPublisher(publishToWebhooks);
  // Hooks between modules, where the natural call would close a cycle: auth builds on users, services on auth.
  setSignInRevoker(revokeUserTokens);
  setClientRefusal(appServiceRefusal);
  setJobFailureNotifier(async (tx, tenantId, notice) => {
    await createNotifications(tx, tenantId, [{
      userId: notice.userId,
      type: notice.kind,
      data: {
        id: notice.jobId, title: notice.title, description: notice.description,
        status: 'FAILED', type: notice.kind, target: notice.target, target_id: notice.jobId,
      },
    }]);
  });
}

/** The loops every process that works the job queue runs beside it: the cron schedule tick, webhook delivery. */
export const BACKGROUND_LOOPS: readonly BackgroundLoop[] = [
  (deps, log) => startScheduleTicker(deps, log),
  (deps, log) => startWebhookDispatcher(deps, log),
];

/** Every status event is a webhook topic, `<subject>.<action>` (create → created, edit → updated). */
function publishToWebhooks(tenantId: string, events: StatusEvent[]) {
  return webhookDeliveriesInsert(tenantId, events.map((e) => ({
    topic: webhookTopicOf(e.subjectType, e.action),
    payload: { id: e.subjectId, type: e.subjectType, action: e.action, from: e.from, to: e.to, user_id: e.userId ?? null, details: e.data ?? {} },
  })));
}
