import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { DEMO } from '../../test/test-app';
import { withTenant } from '../../platform/db/tenant';
import { drainJobs, enqueueJob, type JobView } from '../../platform/jobs/jobs';
import { PO_EMAIL_JOB } from './po-actions';
import { createPo, makeSupplier, poKit, sku, uniq, type Po, type PoKit } from './purchase-orders.test-kit';

/**
 * The purchase-order e-mail job against a real SMTP server that refuses recipients while told to: a send
 * that did not go fails the job (retried, then FAILED with a notification) and never records the PO as e-mailed.
 */

let k: PoKit;
let smtp: RefusingSmtp;
let tomId: string;
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

interface RefusingSmtp {
  port: number;
  /** While true, every recipient is answered 451 (the mailbox is busy: a temporary refusal). */
  refuse: boolean;
  /** RCPT TO commands received, refused or not: one per delivery attempt of a one-recipient mail. */
  rcptAttempts: number;
  /** Recipients of the messages the server accepted. */
  delivered: string[];
  close(): Promise<void>;
}

async function startRefusingSmtp(): Promise<RefusingSmtp> {
  const state = { refuse: true, rcptAttempts: 0, delivered: [] as string[] };
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onRcptTo(_address, _session, callback) {
      state.rcptAttempts++;
      if (state.refuse) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        state.delivered.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return Object.assign(state, {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

beforeAll(async () => {
  k = await poKit();
  smtp = await startRefusingSmtp();
  await k.ok(200, 'PUT', '/mail-configuration', k.acme, { from_email: 'buyer@acme.test', from_name: 'Acme Buying', host: '127.0.0.1', port: smtp.port, encryption: 'none' });
  const [tom] = await k.sql(`SELECT id FROM users WHERE email = '${DEMO.acmeTenant.email}'`);
  tomId = String(tom!.id);
});
afterAll(async () => {
  await smtp.close();
  await k.close();
});
beforeEach(() => {
  smtp.refuse = true;
});

const job = async (id: string) => (await k.ok<{ data: JobView }>(200, 'GET', `/jobs/${id}`, k.acme)).data;
const events = async (id: string) => (await k.ok<{ data: { action: string; data: Record<string, unknown> }[] }>(200, 'GET', `/purchase-orders/${id}/events?per_page=100`, k.acme)).data;
const mailEvents = async (id: string) => (await events(id)).filter((e) => e.action === 'emailed' || e.action === 'email_failed');
const drain = () => drainJobs(k.t.runtime, quiet);
/** A retry waits minutes for its backoff; the test brings it forward rather than waiting. */
const retryNow = (jobId: string) => k.sql(`UPDATE pgboss.job SET start_after = now() WHERE id = '${jobId}'`);
const failureNotifications = (jobId: string) => k.sql(`SELECT user_id, data FROM notifications WHERE data->>'id' = '${jobId}'`);

/** Runs the job, and each retry it is given, until it settles. */
async function runToTheEnd(jobId: string): Promise<JobView> {
  for (let round = 0; round < 10; round++) {
    await drain();
    const now = await job(jobId);
    if (now.status !== 'PENDING') return now;
    await retryNow(jobId);
  }
  throw new Error(`job ${jobId} did not settle`);
}

async function openPoTo(email: string | null): Promise<Po> {
  const supplier = await makeSupplier(k, { email });
  const a = await sku(k);
  const po = await createPo(k, supplier, [{ sku: a.code, quantity: 3, unit_cost: '2' }]);
  await k.ok(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme);
  return po;
}

/**
 * A sent PO whose e-mail job is enqueued as submit enqueues it, but with the job kind's own retry limit
 * (submit asks for one attempt today).
 */
async function sentPoWithEmailJob(email: string | null): Promise<{ po: Po; jobId: string }> {
  const po = await openPoTo(email);
  await k.sql(`UPDATE purchase_orders SET status = 'sent', sent_at = now() WHERE id = '${po.id}'`);
  const jobId = await withTenant({ db: k.t.database.db, tenantId: k.acmeId }, (tx) =>
    enqueueJob(tx, k.acmeId, { kind: PO_EMAIL_JOB, payload: { purchase_order_id: po.id }, userId: tomId }));
  return { po, jobId };
}

describe('purchase-order e-mail that the SMTP server refuses', () => {
  it('submit: the job ends FAILED after its tries, its user is notified, and the PO has email_failed, never emailed', async () => {
    const email = `${uniq('refused').toLowerCase()}@supplier.test`;
    const po = await openPoTo(email);
    const triesBefore = smtp.rcptAttempts;
    const submitted = await k.ok<{ email: { job_id: string } }>(200, 'POST', `/purchase-orders/${po.id}/submit`, k.acme);
    const jobId = submitted.email.job_id;

    const done = await runToTheEnd(jobId);
    expect(done).toMatchObject({ kind: PO_EMAIL_JOB, status: 'FAILED' });
    expect(done.attempts).toBe(done.max_attempts);
    expect(done.error).toContain(`Purchase order ${po.number} was not e-mailed to ${email}`);
    expect(done.error).toContain('Mailbox busy');
    // Every try reached the server and was refused; nothing was delivered.
    expect(smtp.rcptAttempts - triesBefore).toBe(done.attempts);
    expect(smtp.delivered).not.toContain(email);

    const history = await mailEvents(po.id);
    expect(history.map((e) => e.action)).toEqual(Array<string>(done.attempts).fill('email_failed'));
    expect(history.at(-1)!.data).toMatchObject({ to: email, error: expect.stringContaining('Mailbox busy') });

    const notes = await failureNotifications(jobId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      user_id: tomId,
      data: { status: 'FAILED', title: 'A purchase order e-mail failed', target: 'purchase_orders', description: expect.stringContaining(po.number) },
    });
  });

  it('a refused send is retried later, and the retry that gets through completes the job and records emailed', async () => {
    const email = `${uniq('retried').toLowerCase()}@supplier.test`;
    const { po, jobId } = await sentPoWithEmailJob(email);

    await drain();
    const first = await job(jobId);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, max_attempts: 4 });
    expect(first.error).toContain('Mailbox busy');
    const [retry] = await k.sql(`SELECT start_after > now() + interval '30 seconds' AS later FROM pgboss.job WHERE id = '${jobId}'`);
    expect(retry).toEqual({ later: true });
    expect((await mailEvents(po.id)).map((e) => e.action)).toEqual(['email_failed']);

    smtp.refuse = false;
    await retryNow(jobId);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'COMPLETED', attempts: 2, error: null, result: { ok: true, to: email } });
    expect(smtp.delivered).toContain(email);
    expect((await mailEvents(po.id)).map((e) => e.action)).toEqual(['email_failed', 'emailed']);
    expect(await failureNotifications(jobId)).toEqual([]);
  });

  it('a PO cancelled while its e-mail waits for a retry is not sent', async () => {
    const email = `${uniq('cancelled').toLowerCase()}@supplier.test`;
    const { po, jobId } = await sentPoWithEmailJob(email);
    await drain();
    expect((await job(jobId)).status).toBe('PENDING');

    await k.ok(200, 'POST', `/purchase-orders/${po.id}/cancel`, k.acme);
    smtp.refuse = false;
    await retryNow(jobId);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'COMPLETED', result: { ok: false, skipped: `Purchase order ${po.number} was cancelled before it was e-mailed` } });
    expect(smtp.delivered).not.toContain(email);
    expect((await mailEvents(po.id)).map((e) => e.action)).toEqual(['email_failed']);
  });

  it('a supplier without an address fails the job at once: retrying cannot mend it', async () => {
    const { po, jobId } = await sentPoWithEmailJob(null);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'FAILED', attempts: 1, max_attempts: 4, error: `Purchase order ${po.number} was not e-mailed: The supplier has no e-mail address` });
    expect((await mailEvents(po.id)).map((e) => e.action)).toEqual(['email_failed']);
    expect(await failureNotifications(jobId)).toHaveLength(1);
  });
});
