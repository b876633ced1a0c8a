import { sql, type SQL } from 'drizzle-orm';
import {
  driverActions, paginate, type ZFeedHistoryQuery, type ChannelAction, type ChannelRunDetail, type ChannelRunItem, type ChannelRunStartedDto, type ChannelTestResult, type Paginated, type WebhookRegistrationDto, type TListQuery,
} from '@omnio/domain';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, DomainError, fieldError, invalidTransition, notFound } from '../../platform/http/errors';
import { enqueueJob } from '../../platform/jobs/jobs';
import { ChannelCallError, type ConnectorContext } from './connector';
import { ChannelHttp } from './http-client';
import { CHANNEL_RUN_JOB, missingCredentials } from './process-config';
import { loadChannelProcess, openCredentials, storeCredentials, type ChannelProcessRow } from './process-store';
import { connectorFor } from './registry';

/** Runs (feed history): start one, list them per process or across the company, one run's detail and kept pages. */

interface RunRow {
  id: string; process_id: string; process_name: string; driver: ChannelRunItem['driver']; action: ChannelAction; trigger: ChannelRunItem['trigger'];
  status: ChannelRunItem['status']; job_id: string | null; started_at: unknown; finished_at: unknown; created_at: unknown;
  counts: ChannelRunItem['counts']; errors: ChannelRunItem['errors']; failure: string | null; pages_kept: number; calls: number;
}

const RUN_COLUMNS = sql`r.id, r.process_id, p.name AS process_name, p.driver, r.action, r.trigger, r.status, r.job_id, r.started_at, r.finished_at,
  r.created_at, r.counts, r.errors, r.failure, r.calls,
  (SELECT count(*)::int FROM channel_run_pages g WHERE g.tenant_id = r.tenant_id AND g.run_id = r.id) AS pages_kept`;

const toRun = (r: RunRow): ChannelRunItem => ({
  id: r.id, process_id: r.process_id, process_name: r.process_name, driver: r.driver, action: r.action, trigger: r.trigger, status: r.status,
  job_id: r.job_id, started_at: isoOrNull(r.started_at), finished_at: isoOrNull(r.finished_at), created_at: isoOrNull(r.created_at)!,
  counts: r.counts, errors: r.errors ?? [], failure: r.failure, pages_kept: Number(r.pages_kept), calls: Number(r.calls),
});

/** POST /processes/{id}/actions/{action}/run: a run and its job (202); a run of the action already waiting is answered instead. */
export async function startRun(ctx: TenantCtx, processId: string, actionParam: string): Promise<ChannelRunStartedDto> {
  return withTenant(ctx, async (tx) => {
    const process = await loadChannelProcess(tx, processId);
    const action = actionParam as ChannelAction;
    if (!driverActions(process.driver).includes(action)) throw fieldError('action', `The ${process.driver} connector does not offer this action`);
    if (process.status !== 'active') throw invalidTransition(process.status, 'run', `A process that is ${process.status} cannot run`);
    const missing = missingCredentials(process.driver, openCredentials(ctx.deps.config, process.credentials_sealed));
    if (missing.length) throw new DomainError('VALIDATION', 'Set the credentials first', { errors: Object.fromEntries(missing.map((k) => [`credentials.${k}`, ['Required to run']])) });
    const [waiting] = await queryRows<{ id: string; job_id: string }>(tx, sql`
      SELECT id, job_id FROM channel_runs WHERE process_id = ${process.id}::uuid AND action = ${action} AND status = 'PENDING' AND job_id IS NOT NULL
      ORDER BY created_at LIMIT 1`);
    if (waiting) return { job_id: waiting.job_id, status: 'PENDING' as const, run_id: waiting.id };
    const [run] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO channel_runs (tenant_id, process_id, action, trigger) VALUES (${ctx.tenantId}::uuid, ${process.id}::uuid, ${action}, 'manual') RETURNING id`);
    const jobId = await enqueueJob(tx, ctx.tenantId, {
      kind: CHANNEL_RUN_JOB, payload: { process_id: process.id, action, run_id: run!.id, trigger: 'manual' }, userId: ctx.principal.userId,
    });
    await tx.execute(sql`UPDATE channel_runs SET job_id = ${jobId}::uuid WHERE id = ${run!.id}::uuid`);
    return { job_id: jobId, status: 'PENDING' as const, run_id: run!.id };
  });
}

type FeedFilter = z.infer<typeof ZFeedHistoryQuery>;

async function listRunsWhere(tx: Tx, where: SQL[], query: TListQuery): Promise<Paginated<ChannelRunItem>> {
  const condition = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM channel_runs r ${condition}`);
  const rows = await queryRows<RunRow>(tx, sql`
    SELECT ${RUN_COLUMNS} FROM channel_runs r JOIN processes p ON p.tenant_id = r.tenant_id AND p.id = r.process_id
    ${condition} ORDER BY r.created_at DESC, r.id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
  return paginate(rows.map(toRun), Number(total), query.page, query.per_page);
}

function filters(f: FeedFilter): SQL[] {
  const where: SQL[] = [];
  if (f.process_id) where.push(sql`r.process_id = ${f.process_id}::uuid`);
  if (f.action) where.push(sql`r.action = ${f.action}`);
  if (f.status) where.push(sql`r.status = ${f.status}`);
  return where;
}

export async function listProcessRuns(ctx: TenantCtx, processId: string, query: TListQuery, f: FeedFilter): Promise<Paginated<ChannelRunItem>> {
  return withTenant(ctx, async (tx) => {
    const process = await loadChannelProcess(tx, processId);
    return listRunsWhere(tx, [sql`r.process_id = ${process.id}::uuid`, ...filters({ ...f, process_id: undefined })], query);
  });
}

/** GET /feed-history: every run of the company's processes, newest first. */
export async function listFeedHistory(ctx: TenantCtx, query: TListQuery, f: FeedFilter): Promise<Paginated<ChannelRunItem>> {
  return withTenant(ctx, (tx) => listRunsWhere(tx, filters(f), query));
}

async function loadRun(tx: Tx, processId: string, runIdParam: string): Promise<RunRow & { call_log: ChannelRunDetail['call_log'] }> {
  const process = await loadChannelProcess(tx, processId);
  const runId = assertId(runIdParam, 'Run');
  const [row] = await queryRows<RunRow & { call_log: ChannelRunDetail['call_log'] }>(tx, sql`
    SELECT ${RUN_COLUMNS}, r.call_log FROM channel_runs r JOIN processes p ON p.tenant_id = r.tenant_id AND p.id = r.process_id
    WHERE r.id = ${runId}::uuid AND r.process_id = ${process.id}::uuid`);
  if (!row) throw notFound('Run');
  return row;
}

export async function getRun(ctx: TenantCtx, processId: string, runId: string): Promise<ChannelRunDetail> {
  return withTenant(ctx, async (tx) => {
    const row = await loadRun(tx, processId, runId);
    const pages = await queryRows<{ seq: number; url: string; status: number; bytes: number; content_type: string; received_at: unknown; expires_at: unknown }>(tx, sql`
      SELECT seq, url, status, octet_length(body) AS bytes, content_type, received_at, expires_at FROM channel_run_pages WHERE run_id = ${row.id}::uuid ORDER BY seq`);
    return {
      ...toRun(row), call_log: row.call_log ?? [],
      pages: pages.map((p) => ({ seq: Number(p.seq), url: p.url, status: Number(p.status), bytes: Number(p.bytes), content_type: p.content_type, received_at: isoOrNull(p.received_at)!, expires_at: isoOrNull(p.expires_at)! })),
    };
  });
}

/** One kept page as the channel sent it (downloadable). */
export async function getRunPage(ctx: TenantCtx, processId: string, runId: string, seq: number): Promise<{ body: string; contentType: string }> {
  return withTenant(ctx, async (tx) => {
    const run = await loadRun(tx, processId, runId);
    const [page] = await queryRows<{ body: string; content_type: string }>(tx, sql`
      SELECT body, content_type FROM channel_run_pages WHERE run_id = ${run.id}::uuid AND seq = ${seq} AND expires_at > now()`);
    if (!page) throw notFound('Page');
    return { body: page.body, contentType: page.content_type };
  });
}

/** A connector context outside a run (test, webhook registration): calls are made but not kept. */
export function adHocConnectorContext(ctx: TenantCtx, process: ChannelProcessRow): ConnectorContext {
  const credentials = openCredentials(ctx.deps.config, process.credentials_sealed);
  return {
    processId: process.id, tenantId: ctx.tenantId, credentials, settings: process.settings ?? {}, log: ctx.log, config: ctx.deps.config,
    http: new ChannelHttp({ allowPrivateTargets: ctx.deps.config.channelAllowPrivateTargets, baseDelayMs: ctx.deps.config.channelRetryBaseMs, maxRetries: 2 }),
    saveCredentials: async (changes) => {
      Object.assign(credentials, changes);
      await withTenant(ctx, (tx) => storeCredentials(tx, ctx.deps.config, process.id, credentials));
    },
  };
}

async function connected(ctx: TenantCtx, processId: string) {
  const process = await withTenant(ctx, (tx) => loadChannelProcess(tx, processId));
  const connector = connectorFor(process.driver);
  if (!connector) throw fieldError('driver', `The ${process.driver} connector is not available yet`);
  const missing = missingCredentials(process.driver, openCredentials(ctx.deps.config, process.credentials_sealed));
  if (missing.length) throw new DomainError('VALIDATION', 'Set the credentials first', { errors: Object.fromEntries(missing.map((k) => [`credentials.${k}`, ['Required']])) });
  return { process, connector, cctx: adHocConnectorContext(ctx, process) };
}

const asValidation = (err: unknown): never => {
  if (err instanceof ChannelCallError) throw new DomainError('VALIDATION', err.message, { errors: { credentials: [err.message] } });
  throw err;
};

/** POST /processes/{id}/test: the service's own answer to the credentials (200, or 422 with its reason). */
export async function testProcess(ctx: TenantCtx, processId: string): Promise<ChannelTestResult> {
  const { connector, cctx } = await connected(ctx, processId);
  return connector.test(cctx).catch(asValidation);
}

/** GET /gateway/generate-webhooks/{id}: subscribes the service's webhooks to this process's URLs. */
export async function registerProcessWebhooks(ctx: TenantCtx, processId: string, urls: Record<string, string>): Promise<WebhookRegistrationDto[]> {
  const { connector, cctx, process } = await connected(ctx, processId);
  if (!connector.registerWebhooks) throw fieldError('driver', `The ${process.driver} connector has no webhooks to register`);
  return connector.registerWebhooks(cctx, urls).catch(asValidation);
}
