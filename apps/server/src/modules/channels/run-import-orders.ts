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
 * How far before the stored mark each run asks again. A service's updated_at has second precision and its
 * search index can lag a change by moments (shopify.md: "updated_at_min not reflecting every change"); what
 * the overlap brings again is recognised and counted as a duplicate.
 */
export const CURSOR_OVERLAP_SECONDS = 60;

/** The mark as the service's search takes it: whole seconds, moved back by the overlap. */
export function searchFrom(mark: string | null): string | null {
  if (!mark) return null;
  const ms = Date.parse(mark);
  if (Number.isNaN(ms)) return null;
  return new Date(Math.floor(ms / 1000) * 1000 - CURSOR_OVERLAP_SECONDS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const later = (a: string | null, b: string | null) => (!a ? b : !b ? a : Date.parse(b) > Date.parse(a) ? b : a);

/**
 * import_orders: every page the channel has since the stored high-water mark, each page's orders and the mark
 * past them committed together — a run killed between pages resumes from the last committed page (the next
 * run asks again from there; what it sees twice is a duplicate, never a second order).
 */
export async function runImportOrders(run: RunContext): Promise<Record<string, unknown>> {
  const { process, connector, cctx, rec, job } = run;
  const options: ChannelActionOptions<'import_orders'> = process.actions.import_orders?.options ?? {};
  const stored = await run.inTenant((tx) => readCursor(tx, process.id, 'import_orders'));
  const mark = typeof stored?.updated_at === 'string' ? stored.updated_at : null;
  const cursor = mark ? searchFrom(mark) : startOf(options.initial_date ?? options.created_at_min ?? process.settings.initial_date ?? null);
  let high = mark;
  let pages = 0;
  const feed = pageFeed((page) => connector.fetchOrders(cctx, { cursor, page, options }));
  try {
    // Every page that has arrived is written in one transaction with the mark past it (at most MAX_PAGES_PER_TX):
    // the service keeps sending while the database writes, and a slow database takes bigger bites.
    for (let batch = await feed.take(); batch.length; batch = await feed.take()) {
      for (const res of batch) high = later(high, res.highWater);
      const upTo = high;
      await run.inTenant(async (tx) => {
        await takeOrders(tx, job.tenantId, { driver: process.driver, processId: process.id, userId: job.userId, ilocId: options.iloc_id ?? null }, batch.flatMap((r) => r.orders), rec);
        if (upTo) await writeCursor(tx, job.tenantId, process.id, 'import_orders', { updated_at: upTo });
        await rec.flush(tx);
      }, IMPORT_TX);
      pages += batch.length;
    }
  } finally {
    feed.stop();
  }
  return { pages, cursor: high };
}

/** Pages one transaction takes at most, and pages asked for ahead of the writes. */
export const MAX_PAGES_PER_TX = 8;
const MAX_PAGES_AHEAD = 8;

/**
 * Follows a service's pages in the background (each page names the next, so they come one after another) while
 * the caller writes what arrived. `take` answers every page that has arrived (waiting for one if none has), or
 * an empty list after the last; a failed fetch is thrown there.
 */
export function pageFeed(fetch: (page: string | null) => Promise<OrderPage>) {
  const arrived: OrderPage[] = [];
  let finished = false;
  let stopped = false;
  let failure: unknown = null;
  let notify: (() => void) | null = null;
  let resume: (() => void) | null = null;
  const wakeTaker = () => {
    notify?.();
    notify = null;
  };
  void (async () => {
    try {
      let page: string | null = null;
      do {
        const res = await fetch(page);
        if (stopped) return;
        arrived.push(res);
        wakeTaker();
        page = res.next;
        while (page && arrived.length >= MAX_PAGES_AHEAD && !stopped) await new Promise<void>((r) => (resume = r));
      } while (page && !stopped);
    } catch (err) {
      failure = err;
    } finally {
      finished = true;
      wakeTaker();
    }
  })();
  return {
    async take(): Promise<OrderPage[]> {
      while (!arrived.length && !finished) await new Promise<void>((r) => (notify = r));
      if (!arrived.length && failure) throw failure;
      const batch = arrived.splice(0, MAX_PAGES_PER_TX);
      resume?.();
      resume = null;
      return batch;
    },
    stop(): void {
      stopped = true;
      resume?.();
    },
  };
}
