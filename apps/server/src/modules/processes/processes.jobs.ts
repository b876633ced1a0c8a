import { registerJobHandler } from '../../platform/jobs/jobs';
import { registerInboundHandlers } from './inbound-handlers';
import { workInboundWebhook } from './inbound-webhooks.service';
import { INBOUND_WEBHOOK_JOB } from './processes.service';

/** Registers this module's job kinds (process-wide; app.ts and worker.ts both call it through job-kinds.ts). */
export function registerProcessJobs(): void {
  registerInboundHandlers();
  registerJobHandler(INBOUND_WEBHOOK_JOB, workInboundWebhook);
}
