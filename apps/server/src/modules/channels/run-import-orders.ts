import { sql } from 'drizzle-orm';
import type { ChannelActionOptions } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { IMPORT_TX } from '../orders/order-create';
import type { RunContext } from './channel-run.job';
import type { OrderPage } from './connector';
import { takeOrders } from './order-intake';

/** The high-water mark of a process's action (e.g. the last imported updated_at), or null before the first run. */
export async function readCursor(tx: Tx, processId: string, action: string): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ cursor: Record<string, unknown> }>(tx, sql`
    SELECT cursor FROM channel_cursors WHERE process_id = ${processId}::uuid AND action = ${action}`);
  return row?.cursor ?? null;
}

export async function writeCursor(tx: Tx, tenantId: string, processId: string, action: string, cursor: Record<string, unknown>): Promise<void> {
  await tx.execute(sql`
    INSERT INTO channel_cursors (tenant_id, process_id, action, cursor) VALUES (${tenantId}::uuid, ${processId}::uuid, ${action}, ${JSON.stringify(cursor)}::jsonb)
    ON CONFLICT (tenant_id, process_id, action) DO UPDATE SET cursor = EXCLUDED.cursor, updated_at = now()`);
}

const startOf = (date: string | null | undefined) => (date ? `${date}T00:00:00Z` : null);

/**
 * import_orders: every page the channel has since the stored high-water mark, each page's orders and the mark
 * past them committed together — a run killed between pages resumes from the last committed page (the next
 * run asks again from there; what it sees twice is a duplicate, never a second order).
 */
export async function runImportOrders(run: RunContext): Promise<Record<string, unknown>> {
  const { process, connector, cctx, rec, job } = run;
  const options: ChannelActionOptions<'import_orders'> = process.actions.import_orders?.options ?? {};
  const stored = await run.inTenant((tx) => readCursor(tx, process.id, 'import_orders'));
  const cursor = typeof stored?.updated_at === 'string'
    ? stored.updated_at
    : startOf(options.initial_date ?? options.created_at_min ?? process.settings.initial_date ?? null);
  let high = cursor;
  let pages = 0;
  const fetch = (page: string | null) => connector.fetchOrders(cctx, { cursor, page, options });
  // The next page is asked for while this one is written: the service's time and the database's overlap.
  let pending: Promise<OrderPage> | null = fetch(null);
  while (pending) {
    const res: OrderPage = await pending;
    pending = res.next ? fetch(res.next) : null;
    // A failed write ends the run; the page already asked for must not become an unhandled rejection.
    pending?.catch(() => undefined);
    if (res.highWater && (!high || res.highWater > high)) high = res.highWater;
    const mark = high;
    await run.inTenant(async (tx) => {
      await takeOrders(tx, job.tenantId, { driver: process.driver, processId: process.id, userId: job.userId, ilocId: options.iloc_id ?? null }, res.orders, rec);
      if (mark) await writeCursor(tx, job.tenantId, process.id, 'import_orders', { updated_at: mark });
      await rec.flush(tx);
    }, IMPORT_TX);
    pages += 1;
  }
  return { pages, cursor: high };
}
