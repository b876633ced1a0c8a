import { registerSchedulableJob } from '../schedules/schedulable';
import { channelRunJob, registerChannelRunJob } from './channel-run.job';
import { registerConnector } from './registry';
import { shopifyConnector } from './shopify/shopify.connector';

/** Registers the connectors and the run job (app.ts and worker.ts both, through job-kinds.ts). */
export function registerChannelJobs(): void {
  registerConnector(shopifyConnector);
  registerChannelRunJob();
  registerSchedulableJob(channelRunJob.name, { label: 'Run a channel action' });
}
