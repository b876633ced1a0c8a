import type { OwnerExec } from '../db/client';
import { isSealed, type SecretBox } from './secret-box';

/**
 * Every column that holds a value sealed with APP_KEY. The platform names them here (table and column names
 * only) because two platform walks need them all: sealing signing secrets still stored plain by an older
 * version, and re-sealing everything after an APP_KEY rotation. A module that adds a sealed column adds it here.
 */
export const SEALED_COLUMNS = [
  { table: 'warehouses', column: 'conn_password_enc', key: ['id'] },
  { table: 'processes', column: 'credentials_sealed', key: ['tenant_id', 'id'] },
  { table: 'processes', column: 'webhook_secret', key: ['tenant_id', 'id'], signingSecret: true },
  { table: 'webhook_subscriptions', column: 'secret', key: ['tenant_id', 'id'], signingSecret: true },
] as const;

type Column = (typeof SEALED_COLUMNS)[number];

/** Ids are uuids and sealed values base64 with colons: safe as literals (checked, never trusted blindly). */
function literal(value: string): string {
  if (!/^[A-Za-z0-9+/=:._-]*$/.test(value)) throw new Error('Refusing to write an unexpected value as a literal');
  return `'${value}'`;
}

async function rewrite(ownerExec: OwnerExec, col: Column, pick: (value: string) => string | null): Promise<number> {
  const keys = col.key.join(', ');
  const rows = await ownerExec(`SELECT ${keys}, ${col.column} AS value FROM ${col.table} WHERE ${col.column} IS NOT NULL`);
  const updates: string[] = [];
  for (const row of rows) {
    const next = pick(String(row.value));
    if (next === null) continue;
    const where = col.key.map((k) => `${k} = ${literal(String(row[k]))}`).join(' AND ');
    updates.push(`UPDATE ${col.table} SET ${col.column} = ${literal(next)} WHERE ${where} AND ${col.column} = ${literal(String(row.value))};`);
  }
  if (updates.length) await ownerExec(`BEGIN;\n${updates.join('\n')}\nCOMMIT;`);
  return updates.length;
}

/**
 * At start: signing secrets an older version stored plain are sealed now (readers accept both meanwhile).
 * Answers how many were sealed. Values that are not plain signing secrets are left alone.
 */
export async function sealPlainSigningSecrets(ownerExec: OwnerExec, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const col of SEALED_COLUMNS) {
    if (!('signingSecret' in col)) continue;
    sealed += await rewrite(ownerExec, col, (value) => {
      if (isSealed(value)) return null;
      if (!/^[A-Za-z0-9+/=._-]+$/.test(value)) throw new Error(`${col.table}.${col.column} holds a value that is neither sealed nor a signing secret`);
      return box.seal(value);
    });
  }
  return sealed;
}

/**
 * After APP_KEY changed (the old key in APP_KEY_PREVIOUS): every value a previous key sealed is sealed again
 * with the current one, one transaction per column. Then APP_KEY_PREVIOUS can go. Answers the count per column;
 * a value no key opens stops the walk with an error (nothing of that column is changed).
 */
export async function rotateSealedValues(ownerExec: OwnerExec, box: SecretBox): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const col of SEALED_COLUMNS) {
    counts[`${col.table}.${col.column}`] = await rewrite(ownerExec, col, (value) => {
      if (!isSealed(value)) return 'signingSecret' in col ? box.seal(value) : null;
      const { plain, current } = box.openWithKey(value);
      return current ? null : box.seal(plain);
    });
  }
  return counts;
}
