import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  inboundWebhookPath, INBOUND_WEBHOOK_KINDS, paginate,
  type InboundWebhookItem, type InboundWebhookKind, type Paginated, type ProcessDriver, type ProcessItem, type ProcessStatus,
  type ProcessWithSecret, type TListQuery, type TProcessCreate, type TProcessUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { enqueueJob } from '../../platform/jobs/jobs';
import { assertServiceInstallable } from '../services/services.service';

/**
 * Processes (a tenant's channel connections) as far as inbound webhooks need them: a name, a driver, a
 * status and the webhook secret. The secret verifies HMACs, so it is stored as is and answered only by
 * create and rotate-secret (docs/api-access-tokens.md).
 */

export const INBOUND_WEBHOOK_JOB = 'processes.inbound-webhook';

interface ProcessRow {
  id: string;
  name: string;
  driver: ProcessDriver;
  status: ProcessStatus;
  webhook_secret: string;
  secret_rotated_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = sql`id, name, driver, status, webhook_secret, secret_rotated_at, created_at, updated_at`;

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function webhookUrls(deps: AppDeps, processId: string): Record<InboundWebhookKind, string> {
  return Object.fromEntries(INBOUND_WEBHOOK_KINDS.map((k) => [k, `${deps.config.appUrl}${inboundWebhookPath(processId, k)}`])) as Record<InboundWebhookKind, string>;
}

function toItem(deps: AppDeps, r: ProcessRow): ProcessItem {
  return {
    id: r.id, name: r.name, driver: r.driver, status: r.status, webhook_urls: webhookUrls(deps, r.id),
    secret_rotated_at: isoOrNull(r.secret_rotated_at)!, created_at: isoOrNull(r.created_at)!, updated_at: isoOrNull(r.updated_at)!,
  };
}

async function loadProcess(tx: Tx, idParam: string, lock = false): Promise<ProcessRow> {
  const id = assertId(idParam, 'Process');
  const [row] = await queryRows<ProcessRow>(tx, sql`SELECT ${COLUMNS} FROM processes WHERE id = ${id}::uuid ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!row) throw notFound('Process');
  return row;
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM processes WHERE lower(name) = lower(${name})`);
  if (row && row.id !== exceptId) throw fieldError('name', 'A process with this name already exists');
}

export async function listProcesses(ctx: TenantCtx, query: TListQuery): Promise<Paginated<ProcessItem>> {
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM processes`);
    const rows = await queryRows<ProcessRow>(tx, sql`
      SELECT ${COLUMNS} FROM processes ORDER BY created_at DESC, id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(rows.map((r) => toItem(ctx.deps, r)), Number(total), query.page, query.per_page);
  });
}

export async function getProcess(ctx: TenantCtx, id: string): Promise<ProcessItem> {
  return withTenant(ctx, async (tx) => toItem(ctx.deps, await loadProcess(tx, id)));
}

export async function createProcess(ctx: TenantCtx, input: TProcessCreate): Promise<ProcessWithSecret> {
  return withTenant(ctx, async (tx) => {
    // The owner's catalogue decides what may be installed (a paused service keeps its existing processes).
    await assertServiceInstallable(tx, input.driver);
    await assertNameFree(tx, input.name);
    const [row] = await queryRows<ProcessRow>(tx, sql`
      INSERT INTO processes (tenant_id, name, driver, webhook_secret)
      VALUES (${ctx.tenantId}::uuid, ${input.name}, ${input.driver}, ${newWebhookSecret()})
      RETURNING ${COLUMNS}`);
    return { ...toItem(ctx.deps, row!), webhook_secret: row!.webhook_secret };
  });
}

export async function updateProcess(ctx: TenantCtx, id: string, input: TProcessUpdate): Promise<ProcessItem> {
  return withTenant(ctx, async (tx) => {
    const current = await loadProcess(tx, id, true);
    if (input.name !== undefined) await assertNameFree(tx, input.name, current.id);
    const [row] = await queryRows<ProcessRow>(tx, sql`
      UPDATE processes SET name = ${input.name ?? current.name}, status = ${input.status ?? current.status}, updated_at = now()
      WHERE id = ${current.id}::uuid RETURNING ${COLUMNS}`);
    return toItem(ctx.deps, row!);
  });
}

/** Deletes the process and what it received (a channel would then get 404s at its URLs). */
export async function deleteProcess(ctx: TenantCtx, id: string): Promise<void> {
  await withTenant(ctx, async (tx) => {
    const current = await loadProcess(tx, id, true);
    await tx.execute(sql`DELETE FROM processes WHERE id = ${current.id}::uuid`);
  });
}

/** A new secret that works at once; the old one stops at once (the channel must be updated with it). */
export async function rotateProcessSecret(ctx: TenantCtx, id: string): Promise<ProcessWithSecret> {
  return withTenant(ctx, async (tx) => {
    const current = await loadProcess(tx, id, true);
    const [row] = await queryRows<ProcessRow>(tx, sql`
      UPDATE processes SET webhook_secret = ${newWebhookSecret()}, secret_rotated_at = now(), updated_at = now()
      WHERE id = ${current.id}::uuid RETURNING ${COLUMNS}`);
    return { ...toItem(ctx.deps, row!), webhook_secret: row!.webhook_secret };
  });
}

interface WebhookRow {
  id: string;
  process_id: string;
  context: string;
  resource: string;
  status: InboundWebhookItem['status'];
  attempts: number;
  error: string | null;
  result: unknown;
  job_id: string | null;
  received_at: Date | string;
  processed_at: Date | string | null;
}

const WEBHOOK_COLUMNS = sql`id, process_id, context, resource, status, attempts, error, result, job_id, received_at, processed_at`;

export const toWebhookItem = (r: WebhookRow): InboundWebhookItem => ({
  id: r.id, process_id: r.process_id, context: r.context, resource: r.resource, status: r.status, attempts: Number(r.attempts),
  error: r.error, result: r.result ?? null, job_id: r.job_id, received_at: isoOrNull(r.received_at)!, processed_at: isoOrNull(r.processed_at),
});

export async function listInboundWebhooks(ctx: TenantCtx, processId: string, query: TListQuery): Promise<Paginated<InboundWebhookItem>> {
  return withTenant(ctx, async (tx) => {
    const process = await loadProcess(tx, processId);
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`
      SELECT count(*)::int AS total FROM inbound_webhooks WHERE process_id = ${process.id}::uuid`);
    const rows = await queryRows<WebhookRow>(tx, sql`
      SELECT ${WEBHOOK_COLUMNS} FROM inbound_webhooks WHERE process_id = ${process.id}::uuid
      ORDER BY received_at DESC, id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(rows.map(toWebhookItem), Number(total), query.page, query.per_page);
  });
}

/**
 * Works a stored webhook again: a new job, with the payload as it was received. Any status may be
 * replayed (a processed one is harmless: orders import idempotently); one waiting for its job already is not.
 */
export async function replayInboundWebhook(ctx: TenantCtx, processId: string, webhookIdParam: string): Promise<{ id: string; status: 'received'; job_id: string }> {
  return withTenant(ctx, async (tx) => {
    const process = await loadProcess(tx, processId);
    const webhookId = assertId(webhookIdParam, 'Inbound webhook');
    const [row] = await queryRows<{ id: string }>(tx, sql`
      SELECT id FROM inbound_webhooks WHERE id = ${webhookId}::uuid AND process_id = ${process.id}::uuid FOR UPDATE`);
    if (!row) throw notFound('Inbound webhook');
    const jobId = await enqueueJob(tx, ctx.tenantId, {
      kind: INBOUND_WEBHOOK_JOB, payload: { webhookId: row.id }, userId: ctx.principal.userId, dedupeKey: row.id,
    });
    await tx.execute(sql`
      UPDATE inbound_webhooks SET status = 'received', error = NULL, job_id = ${jobId}::uuid WHERE id = ${row.id}::uuid`);
    return { id: row.id, status: 'received' as const, job_id: jobId };
  });
}
