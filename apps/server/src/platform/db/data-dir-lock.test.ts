import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'omnio-lock-'));

describe('embedded data dir lock', () => {
  it('stops a second process on the same folder with a clear message', () => {
    const dir = tmp();
    // A live process that is not us holds the lock.
    fs.writeFileSync(path.join(dir, 'omnio.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Omnio process/);
  });

  it('takes over the lock of a process that died', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'omnio.lock'), dead);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'omnio.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'omnio.lock'))).toBe(false);
  });
});
