import { sql } from 'drizzle-orm';
import type { ChannelActionsConfig, ProcessDriver, ProcessStatus, TChannelSettings } from '@omnio/domain';
import type { Config } from '../../platform/config';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { secretBoxFor } from '../../platform/crypto/secret-box';
import { assertId, notFound } from '../../platform/http/errors';

/**
 * A process as the channel framework reads it. Credentials are one sealed JSON object (AES-GCM, APP_KEY):
 * opened only where a connector needs them, never answered, never logged.
 */
export interface ChannelProcessRow {
  tenant_id: string;
  id: string;
  name: string;
  driver: ProcessDriver;
  status: ProcessStatus;
  credentials_sealed: string | null;
  credential_keys: string[];
  settings: TChannelSettings;
  actions: ChannelActionsConfig;
  account_key: string | null;
  webhook_secret: string;
}

export const PROCESS_COLUMNS = sql`tenant_id, id, name, driver, status, credentials_sealed, credential_keys, settings, actions, account_key, webhook_secret`;

export async function loadChannelProcess(tx: Tx, idParam: string, lock = false): Promise<ChannelProcessRow> {
  const id = assertId(idParam, 'Process');
  const [row] = await queryRows<ChannelProcessRow>(tx, sql`
    SELECT ${PROCESS_COLUMNS} FROM processes WHERE id = ${id}::uuid ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!row) throw notFound('Process');
  return row;
}

export function openCredentials(config: Config, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  const parsed = JSON.parse(secretBoxFor(config).open(sealed)) as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

export function sealCredentials(config: Config, credentials: Record<string, string>): string | null {
  const kept = Object.fromEntries(Object.entries(credentials).filter(([, v]) => v !== ''));
  return Object.keys(kept).length ? secretBoxFor(config).seal(JSON.stringify(kept)) : null;
}

/** Writes changed credentials (a refreshed token) on their own, so a rotation is never lost with a failed run. */
export async function storeCredentials(tx: Tx, config: Config, processId: string, credentials: Record<string, string>): Promise<void> {
  const keys = Object.keys(credentials).filter((k) => credentials[k] !== '').sort();
  await tx.execute(sql`
    UPDATE processes SET credentials_sealed = ${sealCredentials(config, credentials)}, credential_keys = ${`{${keys.join(',')}}`}::text[], updated_at = now()
    WHERE id = ${processId}::uuid`);
}
