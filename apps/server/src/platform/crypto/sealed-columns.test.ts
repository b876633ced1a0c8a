import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rotateSealedValues, sealPlainSigningSecrets } from './sealed-columns';
import { isSealed, SecretBox, secretBoxFor, TEST_ENV_KEY } from './secret-box';

/**
 * Signing secrets at rest, and an APP_KEY rotation: the webhook and process signing secrets are stored sealed
 * (a database dump cannot sign), plain ones from an older version are sealed at start, and after a rotation
 * every stored secret opens with the new key alone.
 */
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('hex');

let t: TestApp;
let acme: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ appKey: keyA, webhookAllowPrivateTargets: true });
  acme = await t.as('acmeTenant');
}, 120_000);
afterAll(() => t.close());

const stored = async (sqlText: string) => String((await t.database.ownerExec(sqlText))[0]?.v);

async function newWebhook(): Promise<{ id: string; secret: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/1.0/webhooks', headers: acme, payload: { address: 'https://hooks.example.com/omnio', topic: 'order.created' } });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; secret: string };
}

async function newProcess(): Promise<{ id: string; webhook_secret: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/1.0/processes', headers: acme, payload: { name: `Custom ${randomBytes(4).toString('hex')}`, driver: 'custom' } });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; webhook_secret: string };
}

/** An inbound delivery signed with the process's secret, as a sender of our scheme signs it. */
async function inbound(processId: string, secret: string) {
  const body = JSON.stringify({ id: 'evt-1' });
  const ts = Math.floor(Date.now() / 1000);
  const signature = `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
  return t.app.inject({
    method: 'POST', url: `/api/1.0/processes/${processId}/gateway/webhook/orders/import-orders`,
    headers: { 'content-type': 'application/json', 'x-omnio-signature': signature }, payload: body,
  });
}

describe('signing secrets at rest', () => {
  it('are stored sealed; the answer and the hint still show what the user needs', async () => {
    const hook = await newWebhook();
    const raw = await stored(`SELECT secret AS v FROM webhook_subscriptions WHERE id = '${hook.id}'`);
    expect(isSealed(raw)).toBe(true);
    expect(raw).not.toContain(hook.secret);
    expect(secretBoxFor(t.config).open(raw)).toBe(hook.secret);
    const got = await t.app.inject({ method: 'GET', url: `/api/1.0/webhooks/${hook.id}`, headers: acme });
    expect(got.json().data.secret_hint).toBe(`…${hook.secret.slice(-4)}`);

    const proc = await newProcess();
    const rawProc = await stored(`SELECT webhook_secret AS v FROM processes WHERE id = '${proc.id}'`);
    expect(isSealed(rawProc)).toBe(true);
    expect(rawProc).not.toContain(proc.webhook_secret);
    // The gateway still verifies deliveries signed with the secret the user was given.
    expect((await inbound(proc.id, proc.webhook_secret)).statusCode).toBeLessThan(300);
    expect((await inbound(proc.id, 'whsec_wrong')).statusCode).toBe(401);
  });

  it('stored plain by an older version, they are sealed at start and keep working meanwhile', async () => {
    const proc = await newProcess();
    await t.database.ownerExec(`UPDATE processes SET webhook_secret = '${proc.webhook_secret}' WHERE id = '${proc.id}'`);
    // Before the start-up step: the plain value still verifies.
    expect((await inbound(proc.id, proc.webhook_secret)).statusCode).toBeLessThan(300);
    expect(await sealPlainSigningSecrets(t.database.ownerExec, secretBoxFor(t.config))).toBeGreaterThanOrEqual(1);
    const raw = await stored(`SELECT webhook_secret AS v FROM processes WHERE id = '${proc.id}'`);
    expect(isSealed(raw)).toBe(true);
    expect((await inbound(proc.id, proc.webhook_secret)).statusCode).toBeLessThan(300);
    expect(await sealPlainSigningSecrets(t.database.ownerExec, secretBoxFor(t.config))).toBe(0);
  });
});

describe('rotating APP_KEY', () => {
  it('with the old key in APP_KEY_PREVIOUS everything opens; after the rotation the new key alone opens everything', async () => {
    const hook = await newWebhook();
    const proc = await newProcess();
    const warehouse = String((await t.database.ownerExec(
      `INSERT INTO warehouses (name, code, conn_password_enc) VALUES ('Rotation DC', 'ROT-${randomBytes(3).toString('hex')}', '${secretBoxFor(t.config).seal('db-pass')}') RETURNING id`,
    ))[0]?.id);

    // The test template's own values were sealed with the test environment's key: it is a previous key too.
    const rotated = { ...t.config, appKey: keyB, appKeyPrevious: `${keyA},${TEST_ENV_KEY.toString('hex')}` };
    const both = secretBoxFor(rotated);
    const hookRaw = () => stored(`SELECT secret AS v FROM webhook_subscriptions WHERE id = '${hook.id}'`);
    const procRaw = () => stored(`SELECT webhook_secret AS v FROM processes WHERE id = '${proc.id}'`);
    const whRaw = () => stored(`SELECT conn_password_enc AS v FROM warehouses WHERE id = '${warehouse}'`);
    expect(both.openWithKey(await hookRaw())).toEqual({ plain: hook.secret, current: false });

    const counts = await rotateSealedValues(t.database.ownerExec, both);
    expect(counts['webhook_subscriptions.secret']).toBeGreaterThanOrEqual(1);
    expect(counts['processes.webhook_secret']).toBeGreaterThanOrEqual(1);
    expect(counts['warehouses.conn_password_enc']).toBeGreaterThanOrEqual(1);

    const onlyB = new SecretBox(Buffer.from(keyB, 'hex'));
    expect(onlyB.open(await hookRaw())).toBe(hook.secret);
    expect(onlyB.open(await procRaw())).toBe(proc.webhook_secret);
    expect(onlyB.open(await whRaw())).toBe('db-pass');
    const onlyA = new SecretBox(Buffer.from(keyA, 'base64'));
    const hookNow = await hookRaw();
    expect(() => onlyA.open(hookNow)).toThrow();
    // A second run has nothing left to do.
    expect(Object.values(await rotateSealedValues(t.database.ownerExec, both)).every((n) => n === 0)).toBe(true);
  });
});
