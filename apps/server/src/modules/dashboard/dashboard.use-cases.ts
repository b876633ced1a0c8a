import type { DashboardCard, DashboardQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { cardCsv } from './dashboard-csv';
import { foldWanted, scheduleFold } from './dashboard.jobs';
import { DASHBOARD_READS } from './dashboard.service';

/**
 * One card, read in its own transaction. The sales card (every dashboard opens with it) also wakes the fold
 * when deltas are waiting and no fold is pending: the figures are exact either way; the fold keeps reads short.
 */
export async function readDashboardCard(ctx: TenantCtx, card: DashboardCard, query: DashboardQuery, now = new Date()): Promise<unknown> {
  const readCard = DASHBOARD_READS[card] as (tx: Tx, tenantId: string, q: DashboardQuery, now: Date) => Promise<unknown>;
  return withTenant(ctx, async (tx) => {
    const data = await readCard(tx, ctx.tenantId, query, now);
    if (card === 'sales' && (await foldWanted(tx, ctx.tenantId))) await scheduleFold(tx, ctx.tenantId);
    return data;
  });
}

export function exportCard(ctx: TenantCtx, card: DashboardCard, query: DashboardQuery, now = new Date()): Promise<string> {
  return withTenant(ctx, (tx) => cardCsv(tx, ctx.tenantId, card, query, now));
}
