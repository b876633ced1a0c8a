import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile, parseAppKey, resolveAppKey, SecretBox, SecretBoxError, TEST_ENV_KEY } from './secret-box';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'omnio-secret-box-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips text, including the empty string and non-ASCII', () => {
    for (const plain of ['s3cr3t!', '', 'pässwörd ✓ 密码', 'x'.repeat(10_000)]) expect(box.open(box.seal(plain))).toBe(plain);
  });

  it('stores v1:<iv>:<tag>:<ciphertext> in base64, without the plain text', () => {
    const sealed = box.seal('hunter2-password');
    const [version, iv, tag, data] = sealed.split(':');
    expect(version).toBe('v1');
    expect(Buffer.from(iv!, 'base64')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64')).toHaveLength(16);
    expect(Buffer.from(data!, 'base64')).toHaveLength('hunter2-password'.length);
    expect(sealed).not.toContain('hunter2');
  });

  it('gives two encryptions of one value different results (a fresh IV each time)', () => {
    const a = box.seal('same');
    const b = box.seal('same');
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const sealed = box.seal('do not touch');
    const parts = sealed.split(':');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    for (const i of [1, 2, 3]) {
      const changed = parts.map((p, j) => (j === i ? flip(p) : p)).join(':');
      expect(() => box.open(changed)).toThrow(SecretBoxError);
    }
  });

  it('refuses a value sealed with another key', () => {
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(box.seal('mine'))).toThrow(SecretBoxError);
  });

  it('refuses what is not a sealed value, and a key of the wrong size', () => {
    for (const bad of ['plain text', 'v2:a:b:c', 'v1:a:b', '']) expect(() => box.open(bad)).toThrow(SecretBoxError);
    expect(() => new SecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});

describe('the application key', () => {
  it('reads 32 bytes written as hex or base64, and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseAppKey(key.toString('hex'))).toEqual(key);
    expect(parseAppKey(key.toString('base64'))).toEqual(key);
    expect(parseAppKey(`base64:${key.toString('base64')}`)).toEqual(key);
    expect(() => parseAppKey(randomBytes(16).toString('hex'))).toThrow(SecretBoxError);
    expect(() => parseAppKey('not a key')).toThrow(SecretBoxError);
  });

  it('creates the key file once, with mode 0600, and reads the same key back', () => {
    const dir = path.join(tmp, 'data');
    const first = loadOrCreateKeyFile(dir);
    const second = loadOrCreateKeyFile(dir);
    expect(second).toEqual(first);
    expect(first).toHaveLength(32);
    if (process.platform !== 'win32') expect(fs.statSync(path.join(dir, 'app.key')).mode & 0o777).toBe(0o600);
  });

  it('prefers APP_KEY, uses the key file outside tests, and a fixed key in tests without touching disk', () => {
    const key = randomBytes(32);
    expect(resolveAppKey({ appKey: key.toString('hex'), dataDir: '', env: 'production' })).toEqual(key);
    const dir = path.join(tmp, 'dev');
    expect(resolveAppKey({ appKey: undefined, dataDir: dir, env: 'development' })).toEqual(loadOrCreateKeyFile(dir));
    const testDir = path.join(tmp, 'test-env');
    expect(resolveAppKey({ appKey: undefined, dataDir: testDir, env: 'test' })).toEqual(TEST_ENV_KEY);
    expect(fs.existsSync(testDir)).toBe(false);
    expect(() => resolveAppKey({ appKey: undefined, dataDir: '', env: 'production' })).toThrow(SecretBoxError);
  });
});
