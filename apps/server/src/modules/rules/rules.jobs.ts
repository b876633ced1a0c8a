import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { registerIlocDeleteGuard } from '../ilocs/ilocs.service';
import { registerAfterImportOrdersHook, registerBeforeImportOrderHook } from '../orders/order-pipeline';
import { dryRunJob } from './rule-dry-run';
import { afterImportFlows, runImportFlows } from './rule-hook';

/** Spec 5: an iLoc cannot be deleted while an active flow names it. */
async function ilocRuleGuard(tx: Tx, ilocId: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(tx, sql`
    SELECT name FROM rule_flows WHERE status = 'active' AND ${ilocId}::uuid = ANY(iloc_ids) ORDER BY name LIMIT 1`);
  return row ? `The iLoc cannot be removed while active rules use it (${row.name})` : null;
}

let registered = false;

/**
 * The rules join the order pipeline through its hooks (orders never imports rules), guard iLoc deletes and
 * define the dry-run job. Process-wide and once: app.ts and worker.ts both call it (job-kinds.ts).
 */
export function registerRuleJobs(): void {
  if (registered) return;
  registered = true;
  registerBeforeImportOrderHook(runImportFlows);
  registerAfterImportOrdersHook(afterImportFlows);
  registerIlocDeleteGuard(ilocRuleGuard);
  void dryRunJob;
}
