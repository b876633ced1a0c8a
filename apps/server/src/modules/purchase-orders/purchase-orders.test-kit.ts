// Test helpers for purchase orders: suppliers, SKUs and ilocs by direct inserts (the suppliers module is
// built alongside), POs by the API, and an SMTP server that keeps attachments (the platform sink does not).
import { expect } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeIloc, makeSku, tenantIds } from '../inventory/inventory.fixtures';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Headers = Record<string, string>;

let seq = 0;
export const uniq = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

export interface PoKit {
  t: TestApp;
  acme: Headers;
  globex: Headers;
  supplier: Headers;
  owner: Headers;
  acmeId: string;
  globexId: string;
  /** The demo supplier Northwind Supply (the demo supplier user's). */
  northwind: string;
  /** An iloc of Acme made for the file. */
  iloc: string;
  api(method: Method, url: string, headers: Headers, payload?: object | string): Promise<LightMyRequestResponse>;
  ok<T = { data: Record<string, unknown> }>(status: number, method: Method, url: string, headers: Headers, payload?: object | string): Promise<T>;
  sql(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function poKit(): Promise<PoKit> {
  const t = await createTestApp();
  const [acme, globex, supplier, owner] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier'), t.as('owner')]);
  const ids = await tenantIds(t);
  const [nw] = await t.database.ownerExec(`SELECT id FROM suppliers WHERE name = 'Northwind Supply'`);
  const api: PoKit['api'] = (method, url, headers, payload) =>
    t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    t, acme, globex, supplier, owner, api,
    acmeId: ids.acme, globexId: ids.globex, northwind: String(nw!.id), iloc: await makeIloc(t, ids.acme, uniq('POW')),
    async ok(status, method, url, headers, payload) {
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return (res.body ? res.json() : undefined) as never;
    },
    sql: (text) => t.database.ownerExec(text),
    close: () => t.close(),
  };
}

const q = (v: string | number | null | undefined) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);

export async function makeSupplier(k: PoKit, input: { tenantId?: string; name?: string; email?: string | null; leadTimeDays?: number | null } = {}): Promise<string> {
  const [row] = await k.sql(`INSERT INTO suppliers (tenant_id, name, email, lead_time_days)
    VALUES (${q(input.tenantId ?? k.acmeId)}, ${q(input.name ?? uniq('Supplier'))}, ${q(input.email === undefined ? `${uniq('po').toLowerCase()}@supplier.test` : input.email)},
      ${q(input.leadTimeDays ?? null)}) RETURNING id`);
  return String(row!.id);
}

export async function supplierPrice(k: PoKit, supplierId: string, skuId: string, cost: string | null, extra: { supplierSku?: string; minQuantity?: number } = {}): Promise<void> {
  await k.sql(`INSERT INTO supplier_skus (tenant_id, supplier_id, sku_id, supplier_sku, cost, min_quantity)
    SELECT tenant_id, ${q(supplierId)}, id, ${q(extra.supplierSku ?? null)}, ${cost === null ? 'NULL' : q(cost)}, ${q(extra.minQuantity ?? null)} FROM skus WHERE id = ${q(skuId)}`);
}

export async function sku(k: PoKit, code = uniq('PO-SKU'), tenantId = k.acmeId): Promise<{ code: string; id: string }> {
  return { code, id: await makeSku(k.t, tenantId, { sku: code, name: `${code} widget` }) };
}

export const poBody = (k: PoKit, supplierId: string, lines: { sku: string; quantity: number; unit_cost?: string; net_price?: string; tax?: string }[], extra: Record<string, unknown> = {}) => ({
  supplier_id: supplierId, iloc_id: k.iloc, lines, ...extra,
});

export type Po = Record<string, unknown> & { id: string; number: string; status: string; allowed_actions: string[]; lines: Record<string, unknown>[] };

export async function createPo(k: PoKit, supplierId: string, lines: { sku: string; quantity: number; unit_cost?: string; net_price?: string; tax?: string }[], extra: Record<string, unknown> = {}): Promise<Po> {
  return (await k.ok<{ data: Po }>(201, 'POST', '/purchase-orders', k.acme, poBody(k, supplierId, lines, extra))).data;
}

export async function act(k: PoKit, id: string, action: string, headers = k.acme, payload?: object) {
  return k.api('POST', `/purchase-orders/${id}/${action}`, headers, payload);
}

/** A PO of the given supplier taken to `sent` through the API (the e-mail job stays queued). */
export async function sentPo(k: PoKit, supplierId: string, lines: { sku: string; quantity: number }[]): Promise<Po> {
  const po = await createPo(k, supplierId, lines);
  await k.ok(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme);
  return (await k.ok<{ data: Po }>(200, 'POST', `/purchase-orders/${po.id}/submit`, k.acme)).data;
}

/** A supplier user of `supplierId` in Acme, signed in. */
export async function supplierUser(k: PoKit, supplierId: string): Promise<Headers> {
  const email = `${uniq('sup').toLowerCase()}@supplier.test`;
  const password = 'Omnio#Supplier9x';
  await k.ok(201, 'POST', '/users', k.owner, { name: 'Other Supplier', email, password, role: 'supplier', company_id: k.acmeId, supplier_id: supplierId });
  return { authorization: `Bearer ${(await k.t.login(email, password)).access_token}` };
}

export interface KeptMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A real SMTP server on localhost that keeps whole messages, attachments included. */
export async function startAttachmentSink(): Promise<{ port: number; messages: KeptMail[]; close(): Promise<void> }> {
  const messages: KeptMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((p) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: p.subject ?? '', text: p.text ?? '',
          attachments: p.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
        });
        callback();
      }).catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (opened, then closed). */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}
