import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('settings a server must not start with', () => {
  it('production without a mail transport stops, naming SMTP_URL; MAIL_TRANSPORT=none or an SMTP_URL lets it start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL.*MAIL_TRANSPORT=none/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).smtpUrl).toBe('smtp://mail.example.com:587');
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TRANSPORT: 'none' }).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_TRANSPORT: 'sendmail' })).toThrow(/MAIL_TRANSPORT must be "smtp" or "none", not "sendmail"/);
    // Development keeps the built-in sink without being told.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });

  it('an unknown BILLING_PROVIDER stops start-up instead of billing through the manual provider', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'strype' })).toThrow(/BILLING_PROVIDER must be "stripe" or "manual", not "strype"/);
    expect(loadConfig({ BILLING_PROVIDER: 'stripe' }).billingProvider).toBe('stripe');
    expect(loadConfig({ BILLING_PROVIDER: 'manual' }).billingProvider).toBe('manual');
    expect(loadConfig({}).billingProvider).toBe('manual');
  });
});

describe('a server process started with such a setting', () => {
  it('exits 1 at once, saying what to set, and opens nothing', async () => {
    const entry = path.resolve(import.meta.dirname, '../server.ts');
    const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { ...process.env, NODE_ENV: 'production', SMTP_URL: '', MAIL_TRANSPORT: '', PORT: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('Omnio cannot start: NODE_ENV=production needs SMTP_URL for outgoing mail (or MAIL_TRANSPORT=none to run without delivering any)\n');
  }, 30_000);
});
