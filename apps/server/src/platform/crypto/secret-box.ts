import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';

/**
 * Encryption of secrets the server must be able to read back (a warehouse's database password), as
 * opposed to secrets it only compares (user passwords, tokens: hashed). AES-256-GCM with a random 12-byte
 * IV per value; GCM's tag makes a changed value or a wrong key an error instead of garbage.
 *
 * Stored form: `v1:<iv>:<tag>:<ciphertext>`, each part base64. The version prefix lets a later key or
 * algorithm coexist with values sealed under this one.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** A sealed value (as opposed to a plain one written before its column was sealed). */
export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}:`);

export class SecretBox {
  private readonly key: Buffer;
  /** Keys of before a rotation: values they sealed still open until `rotateAppKey` seals them again. */
  private readonly previous: Buffer[];

  constructor(key: Buffer, previous: Buffer[] = []) {
    for (const k of [key, ...previous]) {
      if (k.length !== KEY_BYTES) throw new SecretBoxError(`The key must be ${KEY_BYTES} bytes, not ${k.length}`);
    }
    this.key = Buffer.from(key);
    this.previous = previous.map((k) => Buffer.from(k));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
  }

  /** Throws SecretBoxError for a value that was changed, sealed with another key, or is not a sealed value. */
  open(sealed: string): string {
    return this.openWithKey(sealed).plain;
  }

  /** A signing secret: sealed (opened) or still plain from before its column was sealed (answered as is). */
  openSecret(value: string): string {
    return isSealed(value) ? this.open(value) : value;
  }

  /** The plain value and whether the current key sealed it (false: a previous key did; rotation seals it again). */
  openWithKey(sealed: string): { plain: string; current: boolean } {
    const parts = sealed.split(':');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('Not a sealed value');
    const [, iv64, tag64, data64] = parts as [string, string, string, string];
    const iv = Buffer.from(iv64, 'base64');
    const tag = Buffer.from(tag64, 'base64');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('Not a sealed value');
    for (const [i, key] of [this.key, ...this.previous].entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tag);
        return { plain: Buffer.concat([decipher.update(Buffer.from(data64, 'base64')), decipher.final()]).toString('utf8'), current: i === 0 };
      } catch {
        // GCM's tag did not match this key: try the next one.
      }
    }
    // Node says only 'Unsupported state or unable to authenticate data'; both causes read the same to a caller.
    throw new SecretBoxError('The value was changed or sealed with another key');
  }
}

/** APP_KEY: 32 bytes as 64 hex digits or as base64 (optionally prefixed `base64:`, as some tools write it). */
export function parseAppKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const b64 = value.startsWith('base64:') ? value.slice(7) : value;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(b64)) {
    const key = Buffer.from(b64, 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new SecretBoxError(`APP_KEY must be ${KEY_BYTES} bytes, written as 64 hex digits or base64`);
}

export const KEY_FILE_NAME = 'app.key';

/**
 * The key file of an installation without APP_KEY: created once (exclusively, so two processes starting
 * together agree on one key), readable by the server's user only. Losing it makes stored passwords
 * unreadable; with several hosts on one PostgreSQL database, set APP_KEY instead.
 */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseAppKey(fs.readFileSync(file, 'utf8'));
}

/**
 * The key of the test environment when neither APP_KEY nor a data folder is given (in-memory databases):
 * derived from a fixed label, so it is stable within a test run and never written to disk. It protects
 * nothing and is refused outside NODE_ENV=test.
 */
export const TEST_ENV_KEY = createHash('sha256').update('omnio:test-env:secret-box:v1').digest();

/** APP_KEY_PREVIOUS: the keys of before a rotation, comma-separated, each written as APP_KEY is. */
export function previousAppKeys(config: Pick<Config, 'appKeyPrevious'>): Buffer[] {
  return (config.appKeyPrevious ?? '').split(',').map((k) => k.trim()).filter(Boolean).map(parseAppKey);
}

export function resolveAppKey(config: Pick<Config, 'appKey' | 'dataDir' | 'env'>): Buffer {
  if (config.appKey) return parseAppKey(config.appKey);
  // Tests share the repository's data folder default; they must not create a key file in it.
  if (config.env === 'test') return TEST_ENV_KEY;
  if (!config.dataDir) throw new SecretBoxError('Set APP_KEY: there is no data folder to keep a key file in');
  return loadOrCreateKeyFile(config.dataDir);
}

const boxes = new Map<string, SecretBox>();

/** The process's secret box for a configuration (the key is resolved once: no file read per request). */
export function secretBoxFor(config: Pick<Config, 'appKey' | 'appKeyPrevious' | 'dataDir' | 'env'>): SecretBox {
  const id = `${config.env}\0${config.appKey ?? ''}\0${config.appKeyPrevious ?? ''}\0${config.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = new SecretBox(resolveAppKey(config), previousAppKeys(config));
    boxes.set(id, box);
  }
  return box;
}
