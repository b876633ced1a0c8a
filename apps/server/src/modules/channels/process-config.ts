import { sql } from 'drizzle-orm';
import {
  CHANNEL_CREDENTIAL_KEYS, CHANNEL_REQUIRED_CREDENTIALS, EDI_REQUIRED_SETTINGS, driverActions, nextCronRun, presetOf, scheduleCron, ZChannelActionOptions,
  type ChannelAction, type ChannelActionConfig, type ChannelActionsConfig, type ProcessDriver, type TChannelActionsInput, type TChannelSettings,
} from '@omnio/domain';
import type { Config } from '../../platform/config';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { type FieldErrors } from '../../platform/http/errors';
import { existingIlocIds } from '../inventory/resolve';
import { CHANNEL_PRIVATE_TARGET_MESSAGE, channelTargetProblem } from './http-client';
import { privateTargetProblem } from '../webhooks/webhook-targets';

/**
 * The rules of a process's configuration that zod cannot see alone: which credential keys and actions the
 * driver has, the store's own address (one connection per store and company: "service already installed"),
 * ilocs that exist, a safe api_base_url. Each problem is a 422 on its field path.
 */

export const CHANNEL_RUN_JOB = 'channels.run';
export const SERVICE_ALREADY_INSTALLED = 'service already installed';

/** The channel's own account a process connects (Shopify: the shop domain), normalised. */
export function accountKeyOf(driver: ProcessDriver, credentials: Record<string, string>): string | null {
  if (driver === 'shopify') return credentials.shop_domain?.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '') || null;
  if (driver === 'woocommerce') return credentials.store_url?.trim().toLowerCase() || null;
  if (driver === 'bigcommerce') return credentials.store_hash?.trim().toLowerCase() || null;
  if (driver === 'jumpseller') return credentials.login?.trim().toLowerCase() || null;
  if (driver === 'cartrover') return credentials.api_user?.trim().toLowerCase() || null;
  // Two processes reading one mailbox folder would race for its files: one partner mailbox, one process.
  if (driver === 'edi-x12') {
    const host = credentials.sftp_host?.trim().toLowerCase();
    return host ? `${host}|${credentials.username?.trim() ?? ''}|${credentials.inbound_dir?.trim() ?? ''}` : null;
  }
  return null;
}

/** Merges credentials given in a body into the stored ones: '' removes a key; unknown keys are refused. */
export function mergeCredentials(driver: ProcessDriver, current: Record<string, string>, input: Record<string, string> | undefined, errors: FieldErrors): Record<string, string> {
  const allowed = CHANNEL_CREDENTIAL_KEYS[driver] ?? [];
  const next = { ...current };
  for (const [key, value] of Object.entries(input ?? {})) {
    if (!allowed.includes(key)) {
      errors.add(`credentials.${key}`, allowed.length ? `Unknown credential for ${driver}` : `The ${driver} connector takes no credentials`);
      continue;
    }
    const v = value.trim();
    if (v === '') delete next[key];
    else next[key] = v;
  }
  if (driver === 'shopify' && next.shop_domain !== undefined) {
    const domain = accountKeyOf('shopify', next)!;
    if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(domain)) errors.add('credentials.shop_domain', 'Give the store address, like acme.myshopify.com');
    else next.shop_domain = domain;
  }
  return next;
}

/** An EDI mailbox host is checked as an address is: no loopback or private host unless the operator allows it. */
export function checkCredentials(config: Config, driver: ProcessDriver, credentials: Record<string, string>, errors: FieldErrors): void {
  if (driver !== 'edi-x12') return;
  const host = credentials.sftp_host?.trim();
  if (host) {
    if (!/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/.test(host)) errors.add('credentials.sftp_host', 'Give a host name or address, like sftp.example.com');
    else if (!config.channelAllowPrivateTargets && privateTargetProblem(`https://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`)) {
      errors.add('credentials.sftp_host', CHANNEL_PRIVATE_TARGET_MESSAGE);
    }
  }
  const port = credentials.sftp_port?.trim();
  if (port && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) errors.add('credentials.sftp_port', 'A port between 1 and 65535');
  for (const key of ['inbound_dir', 'outbound_dir'] as const) {
    const dir = credentials[key];
    if (dir && (!dir.startsWith('/') || dir.includes('..') || dir.length > 300)) errors.add(`credentials.${key}`, 'A folder path from the mailbox root, like /in');
  }
}

/** Keys the driver needs before any call: reported when something is about to call the service. */
export function missingCredentials(driver: ProcessDriver, credentials: Record<string, string>): string[] {
  return (CHANNEL_REQUIRED_CREDENTIALS[driver] ?? []).filter((k) => !credentials[k]);
}

export function checkSettings(config: Config, settings: TChannelSettings, errors: FieldErrors, driver?: ProcessDriver): void {
  if (driver === 'edi-x12' && settings.file_format !== 'csv') {
    for (const key of EDI_REQUIRED_SETTINGS) if (!settings[key]) errors.add(`settings.${key}`, 'Required for an EDI partner');
  }
  if (settings.api_base_url) {
    const problem = channelTargetProblem(settings.api_base_url, config.channelAllowPrivateTargets);
    if (problem) errors.add('settings.api_base_url', problem);
  }
}

/** Merges actions given in a body over the stored ones, checking each against the driver and the tenant's ilocs. */
export async function mergeActions(
  tx: Tx,
  tenantId: string,
  driver: ProcessDriver,
  current: ChannelActionsConfig,
  input: TChannelActionsInput | undefined,
  errors: FieldErrors,
): Promise<ChannelActionsConfig> {
  const next = { ...current };
  const supported = driverActions(driver);
  const ilocIds: { path: string; id: string }[] = [];
  for (const [name, given] of Object.entries(input ?? {}) as [ChannelAction, NonNullable<TChannelActionsInput[ChannelAction]>][]) {
    if (!supported.includes(name)) {
      errors.add(`actions.${name}`, supported.length ? `The ${driver} connector does not offer this action` : `The ${driver} connector is not available yet`);
      continue;
    }
    const before = current[name] ?? { active: false, schedule: null, options: {} };
    const parsed = ZChannelActionOptions[name].safeParse(given.options ?? before.options ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.add(`actions.${name}.options.${issue.path.join('.')}`, issue.message);
      continue;
    }
    const options = parsed.data as Record<string, unknown>;
    const ilocOption = options.iloc_id;
    for (const [i, id] of (Array.isArray(ilocOption) ? ilocOption : ilocOption ? [ilocOption] : []).entries()) {
      ilocIds.push({ path: `actions.${name}.options.iloc_id${Array.isArray(ilocOption) ? `.${i}` : ''}`, id: String(id).toLowerCase() });
    }
    (next as Record<ChannelAction, ChannelActionConfig>)[name] = {
      active: given.active ?? before.active,
      schedule: given.schedule === undefined ? before.schedule : given.schedule,
      options: options as ChannelActionConfig['options'],
    };
  }
  if (ilocIds.length) {
    const known = await existingIlocIds(tx, tenantId, ilocIds.map((i) => i.id));
    for (const { path, id } of ilocIds) if (!known.has(id)) errors.add(path, 'Unknown iloc');
  }
  return next;
}

/**
 * Keeps one tenant schedule per scheduled active action (job_schedules, the same tick as every schedule): a
 * schedule's run is the same job as "run now". Removed when the action is inactive, unscheduled, or the
 * process is not active.
 */
export async function syncActionSchedules(
  tx: Tx,
  tenantId: string,
  process: { id: string; name: string; status: string; actions: ChannelActionsConfig },
  userId: string | null,
): Promise<void> {
  const existing = await queryRows<{ id: string; action: string; cron: string; active: boolean }>(tx, sql`
    SELECT id, payload->>'action' AS action, cron, active FROM job_schedules
    WHERE tenant_id = ${tenantId}::uuid AND job_kind = ${CHANNEL_RUN_JOB} AND payload->>'process_id' = ${process.id}`);
  const byAction = new Map(existing.map((s) => [s.action, s]));
  for (const [action, cfg] of Object.entries(process.actions) as [ChannelAction, ChannelActionConfig][]) {
    const wanted = process.status === 'active' && cfg.active && cfg.schedule ? scheduleCron(cfg.schedule) : null;
    const have = byAction.get(action);
    byAction.delete(action);
    if (!wanted) {
      if (have) await tx.execute(sql`DELETE FROM job_schedules WHERE tenant_id = ${tenantId}::uuid AND id = ${have.id}::uuid`);
      continue;
    }
    const next = nextCronRun(wanted, new Date(), 'UTC')?.toISOString() ?? null;
    const name = `${process.name}: ${action}`.slice(0, 200);
    if (have) {
      if (have.cron !== wanted) {
        await tx.execute(sql`
          UPDATE job_schedules SET cron = ${wanted}, preset = ${presetOf(wanted)}, name = ${name}, next_run_at = ${next}::timestamptz, updated_at = now()
          WHERE tenant_id = ${tenantId}::uuid AND id = ${have.id}::uuid`);
      }
      continue;
    }
    await tx.execute(sql`
      INSERT INTO job_schedules (tenant_id, name, job_kind, preset, cron, timezone, payload, active, next_run_at, created_by)
      VALUES (${tenantId}::uuid, ${name}, ${CHANNEL_RUN_JOB}, ${presetOf(wanted)}, ${wanted}, 'UTC',
        ${JSON.stringify({ process_id: process.id, action, trigger: 'schedule' })}::jsonb, true, ${next}::timestamptz, ${userId}::uuid)`);
  }
  for (const left of byAction.values()) await tx.execute(sql`DELETE FROM job_schedules WHERE tenant_id = ${tenantId}::uuid AND id = ${left.id}::uuid`);
}
