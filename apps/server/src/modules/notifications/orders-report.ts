import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { NOTIFICATION_TYPES, protectCsvRow, type TNotificationData, type TOrdersReportRequest } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import type { RunningJob } from '../../platform/jobs/jobs';
import { discard, MediaStore } from '../mediables/media-store';
import { createNotifications } from './notify';

/** The columns of the orders report, in file order. */
export const ORDERS_REPORT_COLUMNS = [
  'number', 'external_id', 'channel', 'status', 'fulfillment_status', 'customer_name', 'customer_email',
  'currency', 'total', 'line_count', 'unit_count', 'created_at',
] as const;
const TEXT_COLUMNS = ['number', 'external_id', 'channel', 'customer_name', 'customer_email'] as const;

/** Reports are media of type `report` (folder `reports`), owned by the job that built them. */
export const REPORT_MEDIABLE_TYPE = 'report';
export const reportFileUrl = (mediableId: string) => `/api/1.0/reports/${mediableId}/file`;

type ReportRow = Record<(typeof ORDERS_REPORT_COLUMNS)[number], string | number | null>;

async function reportRows(tx: Tx, tenantId: string, f: TOrdersReportRequest): Promise<ReportRow[]> {
  const where: SQL[] = [sql`tenant_id = ${tenantId}::uuid`];
  if (f.status) where.push(sql`status = ${f.status}`);
  // Dates are whole UTC days, both ends included.
  if (f.from) where.push(sql`created_at >= ${f.from}::date`);
  if (f.to) where.push(sql`created_at < ${f.to}::date + 1`);
  return queryRows<ReportRow>(tx, sql`
    SELECT number, external_id, channel, status, fulfillment_status,
      nullif(trim(coalesce(customer->>'first_name', '') || ' ' || coalesce(customer->>'last_name', '')), '') AS customer_name,
      customer->>'email' AS customer_email, trim(currency) AS currency, to_char(total, 'FM999999999990.00') AS total,
      line_count, unit_count, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
    FROM orders WHERE ${sql.join(where, sql` AND `)}
    ORDER BY created_at, id`);
}

export function ordersReportCsv(rows: ReportRow[]): string {
  return stringify(rows.map((r) => protectCsvRow(r, TEXT_COLUMNS)), { header: true, columns: [...ORDERS_REPORT_COLUMNS] });
}

/**
 * The orders report job: reads the matching orders, writes the CSV as a tenant media file and tells the
 * requester, all in one transaction — the file is staged on disk first and removed again if anything
 * fails, so a failed attempt leaves neither a row, a file nor a notification (the retry starts clean).
 */
export async function buildOrdersReport(job: RunningJob<{ filters: TOrdersReportRequest }>): Promise<{ mediable_id: string; rows: number; file_name: string }> {
  const { filters } = job.payload;
  const store = new MediaStore(job.deps.config.dataDir);
  const mediableId = randomUUID();
  const fileName = `orders-report-${new Date().toISOString().slice(0, 10)}.csv`;
  let staged: string | null = null;
  let placed: string | null = null;
  try {
    return await job.inTenant(async (tx) => {
      const rows = await reportRows(tx, job.tenantId, filters);
      const bytes = Buffer.from(ordersReportCsv(rows), 'utf8');
      staged = await store.stage(job.tenantId, bytes);
      await tx.execute(sql`
        INSERT INTO mediables (tenant_id, id, mediable_type, mediable_id, folder, file_name, mime_type, size_bytes, custom_properties, created_by)
        VALUES (${job.tenantId}::uuid, ${mediableId}::uuid, ${REPORT_MEDIABLE_TYPE}, ${job.id}, 'reports', ${fileName}, 'text/csv', ${bytes.length},
          ${JSON.stringify({ report: 'orders', filters, rows: rows.length })}::jsonb, ${job.userId}::uuid)`);
      placed = await store.place(staged, job.tenantId, mediableId);
      staged = null;
      if (job.userId) {
        const data: TNotificationData = {
          title: 'Orders report ready',
          description: `Your orders report (${rows.length} ${rows.length === 1 ? 'order' : 'orders'}) is ready to download.`,
          status: 'COMPLETED',
          type: NOTIFICATION_TYPES.reportReady,
          table: 'orders',
          params: { job_id: job.id, report: 'orders', rows: rows.length, filters },
          target: 'feed_history',
          target_id: job.id,
          mediable: { id: mediableId, url: reportFileUrl(mediableId), file_name: fileName, mime_type: 'text/csv', size_bytes: bytes.length },
        };
        await createNotifications(tx, job.tenantId, [{ userId: job.userId, type: NOTIFICATION_TYPES.reportReady, data }]);
      }
      return { mediable_id: mediableId, rows: rows.length, file_name: fileName };
    });
  } catch (err) {
    for (const f of [staged, placed]) if (f) await discard(f).catch(() => undefined);
    throw err;
  }
}
