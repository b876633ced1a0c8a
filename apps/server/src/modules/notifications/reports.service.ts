import type { FileHandle } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { TOrdersReportRequest } from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import { assertId, notFound } from '../../platform/http/errors';
import { MediaStore } from '../mediables/media-store';
import { REPORT_MEDIABLE_TYPE } from './orders-report';
import { withTenant } from '../../platform/db/tenant';
import { enqueueJob } from '../../platform/jobs/jobs';
import type { TenantCtx } from '../../platform/http/context';

export const ORDERS_REPORT_JOB = 'reports.orders-export';

/** Long work (API.md): the report is built by a job; its notification carries the file. */
export async function startOrdersReport(ctx: TenantCtx, filters: TOrdersReportRequest): Promise<{ job_id: string; status: 'PENDING' }> {
  const jobId = await withTenant(ctx, (tx) =>
    enqueueJob(tx, ctx.tenantId, { kind: ORDERS_REPORT_JOB, payload: { filters }, userId: ctx.principal.userId, maxAttempts: 3 }));
  return { job_id: jobId, status: 'PENDING' };
}

export interface ReportFile {
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  handle: FileHandle;
}

/** The bytes of a finished report (a `report` media row of this tenant); anything else is a 404. */
export async function openReportFile(ctx: TenantCtx, idParam: string): Promise<ReportFile> {
  const id = assertId(idParam, 'Report');
  const [row] = await withTenant(ctx, (tx) => queryRows<{ file_name: string; mime_type: string; size_bytes: number }>(tx, sql`
    SELECT file_name, mime_type, size_bytes FROM mediables
    WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid AND mediable_type = ${REPORT_MEDIABLE_TYPE}`));
  if (!row) throw notFound('Report');
  const handle = await new MediaStore(ctx.deps.config.dataDir).open(ctx.tenantId, id);
  if (!handle) {
    ctx.log.warn({ mediableId: id, tenantId: ctx.tenantId }, 'report file missing on disk');
    throw notFound('Report file');
  }
  return { fileName: row.file_name, mimeType: row.mime_type, sizeBytes: Number(row.size_bytes), handle };
}
