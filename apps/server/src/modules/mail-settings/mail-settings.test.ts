import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/test-app';
import { DEMO } from '../../seed/demo.seed';
import { closedPort, poKit, type PoKit } from '../purchase-orders/purchase-orders.test-kit';

/** Spec 3 mail configuration: saved per tenant, password write-only, a test that really sends through it. */

let k: PoKit;
beforeAll(async () => {
  k = await poKit();
});
afterAll(() => k.close());

type Config = Record<string, unknown> & { has_password: boolean; last_test_ok: boolean | null; last_test_error: string | null; last_test_at: string | null };
const current = async () => (await k.ok<{ data: Config | null }>(200, 'GET', '/mail-configuration', k.acme)).data;
const sinkConfig = () => ({ from_email: 'buyer@acme.test', from_name: 'Acme Buying', host: '127.0.0.1', port: k.t.smtp.port, encryption: 'none' });

describe('/mail-configuration', () => {
  it('starts empty, saves, never answers the password, keeps it when omitted, and deletes', async () => {
    expect(await current()).toBeNull();
    const saved = (await k.ok<{ data: Config }>(200, 'PUT', '/mail-configuration', k.acme, {
      ...sinkConfig(), incoming_server: 'imap.acme.test', outgoing_server: 'smtp.acme.test', username: 'buyer', password: 's3cret!',
    })).data;
    expect(saved).toMatchObject({
      from_email: 'buyer@acme.test', from_name: 'Acme Buying', incoming_server: 'imap.acme.test', outgoing_server: 'smtp.acme.test',
      encryption: 'none', host: '127.0.0.1', port: k.t.smtp.port, username: 'buyer', has_password: true, last_test_at: null, last_test_ok: null,
    });
    expect(JSON.stringify(saved)).not.toContain('s3cret');
    expect(saved).not.toHaveProperty('password');
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, { ...sinkConfig(), username: 'buyer', from_name: 'Buying' });
    expect(await current()).toMatchObject({ from_name: 'Buying', has_password: true });
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, { ...sinkConfig(), username: 'buyer', password: null });
    const [row] = await k.sql(`SELECT password FROM mail_configurations WHERE tenant_id = '${k.acmeId}'`);
    expect(row!.password).toBe('s3cret!');
    // Another company has none of it.
    expect((await k.ok<{ data: Config | null }>(200, 'GET', '/mail-configuration', k.globex)).data).toBeNull();
    await k.ok(204, 'DELETE', '/mail-configuration', k.acme);
    expect(await current()).toBeNull();
    await k.ok(404, 'DELETE', '/mail-configuration', k.acme);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await countRows(k.t, 'mail_configurations');
    for (const bad of [
      { ...sinkConfig(), from_email: 'not-an-email' }, { ...sinkConfig(), port: 0 }, { ...sinkConfig(), port: 70000 }, { ...sinkConfig(), port: '25' },
      { ...sinkConfig(), encryption: 'rot13' }, { ...sinkConfig(), host: '' }, { ...sinkConfig(), extra: 1 }, { from_email: 'a@b.test' },
    ]) {
      const r = await k.api('PUT', '/mail-configuration', k.acme, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(r.json()).toHaveProperty('errors');
    }
    expect((await k.api('POST', '/mail-configuration/test', k.acme, { to: 'nope' })).statusCode).toBe(422);
    expect(await countRows(k.t, 'mail_configurations')).toBe(before);
  });

  it('only tenant users with the company permissions reach it', async () => {
    expect((await k.api('GET', '/mail-configuration', k.supplier)).statusCode).toBe(403);
    expect((await k.api('PUT', '/mail-configuration', k.supplier, sinkConfig())).statusCode).toBe(403);
    expect((await k.api('POST', '/mail-configuration/test', k.supplier, {})).statusCode).toBe(403);
    expect((await k.api('GET', '/mail-configuration', {})).statusCode).toBe(401);
  });
});

describe('POST /mail-configuration/test', () => {
  it('without a configuration is 404', async () => {
    expect((await k.api('POST', '/mail-configuration/test', k.globex, {})).statusCode).toBe(404);
  });

  it('sends through the configured server (the SMTP sink) to the caller by default, and stores the outcome', async () => {
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, sinkConfig());
    expect((await k.ok<{ data: unknown }>(200, 'POST', '/mail-configuration/test', k.acme)).data).toEqual({ ok: true });
    const mail = await k.t.smtp.waitFor(DEMO.acmeTenant.email);
    expect(mail.subject).toBe('Test message from Acme Outfitters');
    expect(mail.from).toBe('buyer@acme.test');
    expect(await current()).toMatchObject({ last_test_ok: true, last_test_error: null });
    expect((await current())!.last_test_at).toBeTruthy();
    await k.ok(200, 'POST', '/mail-configuration/test', k.acme, { to: 'someone@else.test' });
    expect((await k.t.smtp.waitFor('someone@else.test')).subject).toBe('Test message from Acme Outfitters');
  });

  it('answers ok:false with the error when nothing listens on the port', async () => {
    const port = await closedPort();
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, { ...sinkConfig(), port });
    // Changing the server forgets the previous test result.
    expect(await current()).toMatchObject({ last_test_ok: null, last_test_at: null });
    const res = await k.ok<{ data: { ok: boolean; error: string } }>(200, 'POST', '/mail-configuration/test', k.acme, {});
    expect(res.data.ok).toBe(false);
    expect(res.data.error).toMatch(/ECONNREFUSED|connect/i);
    expect(await current()).toMatchObject({ last_test_ok: false, last_test_error: res.data.error });
  });

  it('answers ok:false when the server refuses the login (the sink has no accounts)', async () => {
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, { ...sinkConfig(), username: 'nobody', password: 'wrong' });
    const res = await k.ok<{ data: { ok: boolean; error?: string } }>(200, 'POST', '/mail-configuration/test', k.acme, {});
    expect(res.data.ok).toBe(false);
    expect(res.data.error).toBeTruthy();
  });
});
