import { registerSchedulableJob } from '../schedules/schedulable';
import { bigcommerceConnector } from './bigcommerce/bigcommerce.connector';
import { cartroverConnector } from './cartrover/cartrover.connector';
import { channelRunJob, registerChannelRunJob } from './channel-run.job';
import { jumpsellerConnector } from './jumpseller/jumpseller.connector';
import { registerConnector } from './registry';
import { shopifyConnector } from './shopify/shopify.connector';
import { woocommerceConnector } from './woocommerce/woocommerce.connector';

/** Registers the connectors and the run job (app.ts and worker.ts both, through job-kinds.ts). */
export function registerChannelJobs(): void {
  registerConnector(shopifyConnector);
  registerConnector(bigcommerceConnector);
  registerConnector(cartroverConnector);
  registerConnector(woocommerceConnector);
  registerConnector(jumpsellerConnector);
  registerChannelRunJob();
  registerSchedulableJob(channelRunJob.name, { label: 'Run a channel action' });
}
