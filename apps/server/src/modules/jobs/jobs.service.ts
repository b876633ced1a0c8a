import { sql, type SQL } from 'drizzle-orm';
import type { JobDto, Paginated } from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { JOB_COLUMNS, toJobView, type JobStatus } from '../../platform/jobs/jobs';

export interface JobListQuery {
  page: number;
  per_page: number;
  kind?: string | undefined;
  status?: JobStatus | undefined;
  mine?: boolean | undefined;
}

/** The company's background tasks, newest first (the feed history screen). */
export async function listJobs(ctx: TenantCtx, q: JobListQuery): Promise<Paginated<JobDto>> {
  const where: SQL[] = [sql`tenant_id = ${ctx.tenantId}::uuid`];
  if (q.kind) where.push(sql`kind = ${q.kind}`);
  if (q.status) where.push(sql`status = ${q.status}`);
  if (q.mine) where.push(sql`user_id = ${ctx.principal.userId}::uuid`);
  const cond = sql.join(where, sql` AND `);
  return withTenant(ctx, async (tx) => {
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM jobs WHERE ${cond}`);
    const rows = await queryRows<Record<string, unknown>>(tx, sql`
      SELECT ${sql.raw(JOB_COLUMNS)} FROM jobs WHERE ${cond} ORDER BY created_at DESC, id LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`);
    return { data: rows.map(toJobView), current_page: q.page, per_page: q.per_page, total: Number(n), last_page: Math.max(1, Math.ceil(Number(n) / q.per_page)) };
  });
}
