import { secretBoxFor } from '../../platform/crypto/secret-box';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CHANNEL_CREDENTIAL_KEYS, driverActions, paginate, processAllowedActions, processTransition,
  type InboundWebhookItemDto, type InboundWebhookReplayDto, type Paginated, type ProcessAction, type ProcessDriver, type ProcessItem, type ProcessStatus,
  type ProcessWithSecretDto, type TChannelSettings, type TListQuery, type TProcessCreate, type TProcessUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, FieldErrors, invalidTransition, notFound } from '../../platform/http/errors';
import { recordStatusEvent } from '../../platform/db/status-events';
import { openCredentials, sealCredentials, type ChannelProcessRow } from '../channels/process-store';
import { webhookUrls } from '../channels/webhook-urls';
import { accountKeyOf, checkCredentials, checkSettings, mergeActions, mergeCredentials, SERVICE_ALREADY_INSTALLED, syncActionSchedules } from '../channels/process-config';
import { enqueueJob } from '../../platform/jobs/jobs';
import { assertServiceInstallable } from '../services/services.service';

/**
 * Processes (a tenant's channel connections) as far as inbound webhooks need them: a name, a driver, a
 * status and the webhook secret. The secret verifies HMACs, so it is stored as is and answered only by
 * create and rotate-secret (docs/api-access-tokens.md).
 */

export const INBOUND_WEBHOOK_JOB = 'processes.inbound-webhook';

interface ProcessRow extends ChannelProcessRow {
  secret_rotated_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  last_run: ProcessItem['last_run'] | null;
  recent_errors: number | string | null;
}

const COLUMNS = sql`p.tenant_id, p.id, p.name, p.driver, p.status, p.credentials_sealed, p.credential_keys, p.settings, p.actions, p.account_key,
  p.webhook_secret, p.secret_rotated_at, p.created_at, p.updated_at,
  (SELECT json_build_object('id', r.id, 'action', r.action, 'status', r.status, 'finished_at', r.finished_at, 'counts', r.counts)
     FROM channel_runs r WHERE r.tenant_id = p.tenant_id AND r.process_id = p.id ORDER BY r.created_at DESC LIMIT 1) AS last_run,
  (SELECT coalesce(sum(CASE WHEN r.status = 'FAILED' THEN 1 ELSE (r.counts->>'failed')::int END), 0)
     FROM channel_runs r WHERE r.tenant_id = p.tenant_id AND r.process_id = p.id AND r.created_at > now() - interval '1 day') AS recent_errors`;

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

function toItem(ctx: TenantCtx, r: ProcessRow): ProcessItem {
  const keys = CHANNEL_CREDENTIAL_KEYS[r.driver] ?? [];
  const set = new Set(r.credential_keys ?? []);
  const lastRun = r.last_run ? { ...r.last_run, finished_at: isoOrNull(r.last_run.finished_at) } : null;
  return {
    id: r.id, name: r.name, driver: r.driver, status: r.status,
    credentials: Object.fromEntries(keys.map((k) => [k, set.has(k)])),
    settings: r.settings ?? {}, actions: r.actions ?? {}, supported_actions: [...driverActions(r.driver)],
    webhook_urls: webhookUrls(ctx.deps, r.id),
    allowed_actions: processAllowedActions(r.status, ctx.principal.permissions),
    last_run: lastRun, recent_errors: Number(r.recent_errors ?? 0),
    secret_rotated_at: isoOrNull(r.secret_rotated_at)!, created_at: isoOrNull(r.created_at)!, updated_at: isoOrNull(r.updated_at)!,
  };
}

async function loadProcess(tx: Tx, idParam: string, lock = false): Promise<ProcessRow> {
  const id = assertId(idParam, 'Process');
  const [row] = await queryRows<ProcessRow>(tx, sql`SELECT ${COLUMNS} FROM processes p WHERE p.id = ${id}::uuid ${lock ? sql`FOR UPDATE OF p` : sql``}`);
  if (!row) throw notFound('Process');
  return row;
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM processes WHERE lower(name) = lower(${name})`);
  if (row && row.id !== exceptId) throw fieldError('name', 'A process with this name already exists');
}

/** Spec 8 'service already installed': one live connection per store and company. */
async function assertAccountFree(tx: Tx, driver: string, accountKey: string | null, exceptId?: string): Promise<void> {
  if (!accountKey) return;
  const [row] = await queryRows<{ id: string }>(tx, sql`
    SELECT id FROM processes WHERE driver = ${driver} AND account_key = ${accountKey} AND status <> 'uninstalled'`);
  if (row && row.id !== exceptId) throw fieldError(CHANNEL_ACCOUNT_FIELD[driver] ?? 'credentials', SERVICE_ALREADY_INSTALLED);
}

const CHANNEL_ACCOUNT_FIELD: Record<string, string> = {
  shopify: 'credentials.shop_domain', woocommerce: 'credentials.store_url', bigcommerce: 'credentials.store_hash',
  'edi-x12': 'credentials.sftp_host',
};

export async function listProcesses(ctx: TenantCtx, query: TListQuery): Promise<Paginated<ProcessItem>> {
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM processes`);
    const rows = await queryRows<ProcessRow>(tx, sql`
      SELECT ${COLUMNS} FROM processes p ORDER BY p.created_at DESC, p.id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(rows.map((r) => toItem(ctx, r)), Number(total), query.page, query.per_page);
  });
}

export async function getProcess(ctx: TenantCtx, id: string): Promise<ProcessItem> {
  return withTenant(ctx, async (tx) => toItem(ctx, await loadProcess(tx, id)));
}

/** Writes credentials, settings and actions of a process, with its schedules; answers the fresh item. */
async function writeConfig(
  ctx: TenantCtx, tx: Tx, id: string, values: { name: string; status: ProcessStatus; credentials: Record<string, string>; settings: TChannelSettings; actions: ProcessRow['actions']; driver: ProcessDriver },
): Promise<ProcessRow> {
  const keys = Object.keys(values.credentials).sort();
  await tx.execute(sql`
    UPDATE processes SET name = ${values.name}, status = ${values.status}, credentials_sealed = ${sealCredentials(ctx.deps.config, values.credentials)},
      credential_keys = ${`{${keys.join(',')}}`}::text[], settings = ${JSON.stringify(values.settings)}::jsonb, actions = ${JSON.stringify(values.actions)}::jsonb,
      account_key = ${accountKeyOf(values.driver, values.credentials)}, updated_at = now()
    WHERE id = ${id}::uuid`);
  await syncActionSchedules(tx, ctx.tenantId, { id, name: values.name, status: values.status, actions: values.actions }, ctx.principal.userId);
  return loadProcess(tx, id);
}

export async function createProcess(ctx: TenantCtx, input: TProcessCreate): Promise<ProcessWithSecretDto> {
  return withTenant(ctx, async (tx) => {
    // The owner's catalogue decides what may be installed (a paused service keeps its existing processes).
    await assertServiceInstallable(tx, input.driver);
    await assertNameFree(tx, input.name);
    const errors = new FieldErrors();
    const credentials = mergeCredentials(input.driver, {}, input.credentials, errors);
    checkCredentials(ctx.deps.config, input.driver, credentials, errors);
    const settings = input.settings ?? {};
    checkSettings(ctx.deps.config, settings, errors, input.driver);
    const actions = await mergeActions(tx, ctx.tenantId, input.driver, {}, input.actions, errors);
    errors.throwIfAny();
    await assertAccountFree(tx, input.driver, accountKeyOf(input.driver, credentials));
    const secret = newWebhookSecret();
    const [row] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO processes (tenant_id, name, driver, webhook_secret)
      VALUES (${ctx.tenantId}::uuid, ${input.name}, ${input.driver}, ${secretBoxFor(ctx.deps.config).seal(secret)})
      RETURNING id`);
    const fresh = await writeConfig(ctx, tx, row!.id, { name: input.name, status: 'active', credentials, settings, actions, driver: input.driver });
    return { ...toItem(ctx, fresh), webhook_secret: secret };
  });
}

export async function updateProcess(ctx: TenantCtx, id: string, input: TProcessUpdate): Promise<ProcessItem> {
  return withTenant(ctx, async (tx) => {
    const current = await loadProcess(tx, id, true);
    if (input.name !== undefined) await assertNameFree(tx, input.name, current.id);
    const errors = new FieldErrors();
    const credentials = mergeCredentials(current.driver, openCredentials(ctx.deps.config, current.credentials_sealed), input.credentials, errors);
    if (input.credentials) checkCredentials(ctx.deps.config, current.driver, credentials, errors);
    const settings = input.settings ? { ...current.settings, ...input.settings } : current.settings;
    if (input.settings) checkSettings(ctx.deps.config, settings, errors, current.driver);
    const actions = await mergeActions(tx, ctx.tenantId, current.driver, current.actions ?? {}, input.actions, errors);
    errors.throwIfAny();
    await assertAccountFree(tx, current.driver, accountKeyOf(current.driver, credentials), current.id);
    // New credentials install an uninstalled process again.
    const status: ProcessStatus = input.status ?? (current.status === 'uninstalled' && input.credentials && Object.keys(credentials).length ? 'active' : current.status);
    return toItem(ctx, await writeConfig(ctx, tx, current.id, { name: input.name ?? current.name, status, credentials, settings, actions, driver: current.driver }));
  });
}

/** Spec-style lifecycle: disable, enable, uninstall (the last forgets the credentials and stops schedules). */
export async function transitionProcess(ctx: TenantCtx, id: string, action: ProcessAction): Promise<ProcessItem> {
  return withTenant(ctx, async (tx) => {
    const current = await loadProcess(tx, id, true);
    const to = processTransition(current.status, action);
    if (!to) throw invalidTransition(current.status, action, `A process that is ${current.status} cannot ${action}`);
    const [moved] = await queryRows<{ id: string }>(tx, sql`
      UPDATE processes SET status = ${to}, updated_at = now()
        ${action === 'uninstall' ? sql`, credentials_sealed = NULL, credential_keys = '{}'::text[]` : sql``}
      WHERE id = ${current.id}::uuid AND status = ${current.status} RETURNING id`);
    if (!moved) throw conflict('The process was changed by someone else; reload it and try again');
    await syncActionSchedules(tx, ctx.tenantId, { id: current.id, name: current.name, status: to, actions: current.actions ?? {} }, ctx.principal.userId);
    await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'process', subjectId: current.id, action, from: current.status, to, userId: ctx.principal.userId });
    return toItem(ctx, await loadProcess(tx, current.id));
  });
}

/** Deletes the process and what it received (a channel would then get 404s at its URLs). */
export async function deleteProcess(ctx: TenantCtx, id: string): Promise<void> {
  await withTenant(ctx, async (tx) => {
    const current = await loadProcess(tx, id, true);
    await syncActionSchedules(tx, ctx.tenantId, { id: current.id, name: current.name, status: 'uninstalled', actions: {} }, ctx.principal.userId);
    await tx.execute(sql`DELETE FROM processes WHERE id = ${current.id}::uuid`);
  });
}

/** A new secret that works at once; the old one stops at once (the channel must be updated with it). */
export async function rotateProcessSecret(ctx: TenantCtx, id: string): Promise<ProcessWithSecretDto> {
  return withTenant(ctx, async (tx) => {
    const current = await loadProcess(tx, id, true);
    const secret = newWebhookSecret();
    await tx.execute(sql`
      UPDATE processes SET webhook_secret = ${secretBoxFor(ctx.deps.config).seal(secret)}, secret_rotated_at = now(), updated_at = now()
      WHERE id = ${current.id}::uuid`);
    return { ...toItem(ctx, await loadProcess(tx, current.id)), webhook_secret: secret };
  });
}

interface WebhookRow {
  id: string;
  process_id: string;
  context: string;
  resource: string;
  status: InboundWebhookItemDto['status'];
  attempts: number;
  error: string | null;
  result: unknown;
  job_id: string | null;
  received_at: Date | string;
  processed_at: Date | string | null;
}

const WEBHOOK_COLUMNS = sql`id, process_id, context, resource, status, attempts, error, result, job_id, received_at, processed_at`;

export const toWebhookItem = (r: WebhookRow): InboundWebhookItemDto => ({
  id: r.id, process_id: r.process_id, context: r.context, resource: r.resource, status: r.status, attempts: Number(r.attempts),
  error: r.error, result: r.result ?? null, job_id: r.job_id, received_at: isoOrNull(r.received_at)!, processed_at: isoOrNull(r.processed_at),
});

export async function listInboundWebhooks(ctx: TenantCtx, processId: string, query: TListQuery): Promise<Paginated<InboundWebhookItemDto>> {
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
export async function replayInboundWebhook(ctx: TenantCtx, processId: string, webhookIdParam: string): Promise<InboundWebhookReplayDto> {
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
