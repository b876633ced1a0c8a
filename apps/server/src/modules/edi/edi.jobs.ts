import { registerConnector } from '../channels/registry';
import { ediConnector } from './edi.connector';

/** The EDI partner connector joins the channel framework's registry (app.ts and worker.ts, through job-kinds.ts). */
export function registerEdiJobs(): void {
  registerConnector(ediConnector);
}
