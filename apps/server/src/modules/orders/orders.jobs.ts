import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type TNotificationData, type TOrderInput } from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import { registerJobHandler, type RunningJob } from '../../platform/jobs/jobs';
import { DomainError } from '../../platform/http/errors';
import { createNotifications } from '../notifications/notify';
import { applyOrderAction } from './order-actions';
import { createOrdersPartial, IMPORT_TX, RELEASE_HOLD_JOB } from './order-create';
import { withOrderLimitNotice } from '../billing/billing-limits.service';
import { BULK_CANCEL_JOB, BULK_CANCEL_SKIP_REASON, IMPORT_CSV_JOB } from './orders.service';
import type { CsvOrder, CsvRowError } from './orders-csv';

const CSV_CHUNK = 500;

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

/**
 * Tells the user who started the job how it ended (spec 3 notification, target orders). Written after the
 * work: the job has maxAttempts 1, so it is never announced twice; a job without a user tells no one.
 */
async function notifyRequester(job: RunningJob, data: Omit<TNotificationData, 'table' | 'target' | 'target_id' | 'mediable'>) {
  if (!job.userId) return;
  const userId = job.userId;
  await job.inTenant((tx) =>
    createNotifications(tx, job.tenantId, [{ userId, type: data.type!, data: { ...data, table: 'orders', target: 'orders', target_id: null, mediable: null } }]));
}

/** A hold with a date ends by itself: release the order if it is still held until that moment. */
async function releaseHold(job: RunningJob) {
  const { order_id: orderId, hold_until: holdUntil } = job.payload as { order_id: string; hold_until: string };
  return job.inTenant(async (tx) => {
    const [order] = await queryRows<{ status: string; hold_until: string | null }>(tx, sql`
      SELECT status, hold_until FROM orders WHERE tenant_id = ${job.tenantId}::uuid AND id = ${orderId}::uuid FOR UPDATE`);
    const stillHeld = order?.status === 'on_hold' && order.hold_until && new Date(order.hold_until).toISOString() === holdUntil;
    if (!stillHeld) return { released: false, reason: 'The order is no longer held until then' };
    await applyOrderAction(tx, job.tenantId, { userId: null }, orderId, 'release');
    return { released: true };
  });
}

/** Spec 4: bulk cancel does not touch cancelled, closed or error orders, nor orders with shipments in routing. */
async function bulkCancel(job: RunningJob) {
  const ids = (job.payload as { ids: string[] }).ids;
  const cancelled: string[] = [];
  const skipped: { id: string; number: string | null; reason: string }[] = [];
  for (const [i, id] of ids.entries()) {
    await job.inTenant(async (tx) => {
      const [o] = await queryRows<{ number: string; status: string; routing: boolean }>(tx, sql`
        SELECT o.number, o.status, EXISTS (SELECT 1 FROM shipments s WHERE s.tenant_id = o.tenant_id AND s.order_id = o.id AND s.status = 'routing') AS routing
        FROM orders o WHERE o.tenant_id = ${job.tenantId}::uuid AND o.id = ${id}::uuid`);
      if (!o) return void skipped.push({ id, number: null, reason: 'Order not found' });
      if (BULK_CANCEL_SKIP_REASON[o.status]) return void skipped.push({ id, number: o.number, reason: BULK_CANCEL_SKIP_REASON[o.status]! });
      if (o.routing) return void skipped.push({ id, number: o.number, reason: 'The order has shipments in routing' });
      try {
        await applyOrderAction(tx, job.tenantId, { userId: job.userId }, id, 'cancel');
        cancelled.push(id);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        skipped.push({ id, number: o.number, reason: err.message });
      }
    });
    if (i % 50 === 49) await job.progress(((i + 1) / ids.length) * 100);
  }
  await notifyRequester(job, {
    title: 'Bulk cancel finished',
    description: `${cancelled.length} ${plural(cancelled.length, 'order')} cancelled, ${skipped.length} skipped.`,
    status: skipped.length ? 'WARNING' : 'COMPLETED',
    type: NOTIFICATION_TYPES.ordersBulkCancel,
    params: { job_id: job.id, cancelled: cancelled.length, skipped: skipped.length },
  });
  return { cancelled: cancelled.length, cancelled_ids: cancelled, skipped };
}

/** Creates the orders a CSV described, in chunks (progress after each), and reports per line. */
async function importCsv(job: RunningJob) {
  const { orders, errors } = job.payload as { orders: CsvOrder[]; errors: CsvRowError[] };
  const report = { created: 0, duplicates: 0, failed: 0, errors: [...errors], orders: [] as { line: number; id: string; number: string; status: string; error_code: string | null; duplicate: boolean }[] };
  const refusedLines: number[] = [];
  for (let start = 0; start < orders.length; start += CSV_CHUNK) {
    const chunk = orders.slice(start, start + CSV_CHUNK);
    const results = await withOrderLimitNotice({ db: job.deps.database.db, tenantId: job.tenantId, actorUserId: job.userId }, () => job.inTenant((tx) =>
      createOrdersPartial(tx, job.tenantId, job.userId, chunk.map((c) => c.input as TOrderInput)), IMPORT_TX));
    results.forEach((r, i) => {
      const source = chunk[i]!;
      if (r.status === 'refused') {
        // Beyond the plan's monthly orders: nothing stored, the lines are reported as failed with the reason.
        for (const line of source.lines) report.errors.push({ line, external_id: source.externalId, message: r.error_message });
        refusedLines.push(...source.lines);
        return;
      }
      report.orders.push({ line: source.lines[0]!, id: r.id, number: r.number, status: r.status, error_code: r.error_code, duplicate: r.duplicate });
      if (r.duplicate) report.duplicates++;
      else report.created++;
      if (!r.duplicate && r.status === 'error') {
        for (const line of source.lines) report.errors.push({ line, external_id: source.externalId, message: `Imported in error (${r.error_code}): ${r.error_message}` });
      }
    });
    await job.progress(((start + chunk.length) / Math.max(orders.length, 1)) * 100);
  }
  report.failed = new Set([...errors.map((e) => e.line), ...refusedLines]).size;
  report.errors.sort((a, b) => a.line - b.line);
  const inError = report.orders.filter((o) => !o.duplicate && o.status === 'error').length;
  await notifyRequester(job, {
    title: 'Orders import finished',
    description: `${report.created} ${plural(report.created, 'order')} created, ${report.failed} failed${report.duplicates ? `, ${report.duplicates} already imported` : ''}${inError ? ` (${inError} created in error)` : ''}.`,
    status: report.failed || inError ? 'WARNING' : 'COMPLETED',
    type: NOTIFICATION_TYPES.ordersImport,
    params: { job_id: job.id, created: report.created, failed: report.failed, duplicates: report.duplicates, in_error: inError },
  });
  return report;
}

/** Registers the order job kinds (process-wide; app.ts and worker.ts both call it). */
export function registerOrderJobs(): void {
  registerJobHandler(RELEASE_HOLD_JOB, releaseHold);
  registerJobHandler(BULK_CANCEL_JOB, bulkCancel);
  registerJobHandler(IMPORT_CSV_JOB, importCsv);
}
