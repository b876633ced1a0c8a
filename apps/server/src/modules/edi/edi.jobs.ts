import { registerConnector } from '../channels/registry';
import { registerX12MapperInput } from '../mappers/mapper-input';
import { x12MapperInput } from './edi-mapper-input';
import { ediConnector } from './edi.connector';

/** The EDI partner connector joins the channel framework's registry, and X12 files become readable by mappers (app.ts and worker.ts, through job-kinds.ts). */
export function registerEdiJobs(): void {
  registerConnector(ediConnector);
  registerX12MapperInput(x12MapperInput);
}
