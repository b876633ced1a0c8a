import type { ScenarioContext } from '../lib/types';
import type { SftpFake } from '../../apps/server/src/test/fakes/sftp/sftp-fake';
import { parseInterchanges } from '../../apps/server/src/modules/edi/x12/x12-parse';
import type { X12Interchange } from '../../apps/server/src/modules/edi/x12/x12-types';
import { api } from './shopify-bench';

/**
 * What the EDI benches (edi-import, edi-846) share: the local SFTP mailbox (the fake of the server's tests, a
 * real SSH-2/SFTP server on 127.0.0.1, run inside the bench process), an edi-x12 process created through
 * POST /processes as the seller's screen does, 850 interchanges written as a partner sends them, and the
 * documents we left in the partner's outbound folder read back with the server's own X12 parser.
 *
 * The mailbox host is not an HTTP target: no CHANNEL_ALLOW_PRIVATE_TARGETS check applies to it (the server
 * refuses private addresses only for settings.api_base_url); channelServerEnv() is still called so the
 * results file records the same server settings as the other connector benches, and JOB_WORKER must be on.
 */

export const PARTNER_USER = { username: 'retailco', password: 'mailbox-secret' };
/** Our ISA id and the partner's, as edi.test-kit.ts sets them. */
export const US = 'ACMESUPPLY';
export const THEM = 'RETAILCO';

/** The fake, loaded only when an EDI scenario runs (it pulls in ssh2). */
export async function startSftp(): Promise<SftpFake> {
  const { startSftpFake } = await import('../../apps/server/src/test/fakes/sftp/sftp-fake');
  return startSftpFake({ users: [PARTNER_USER], dirs: ['/in', '/out'] });
}

export interface EdiBenchPartner {
  id: string;
  inbound: string;
  outbound: string;
}

/** An edi-x12 process with folders of its own on the fake (one mailbox folder, one process). */
export async function createEdiProcess(
  ctx: ScenarioContext, token: string, fake: SftpFake, name: string, actions: Record<string, unknown>,
): Promise<EdiBenchPartner> {
  const folder = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const inbound = `/in/${folder}`;
  const outbound = `/out/${folder}`;
  fake.mkdir(inbound);
  fake.mkdir(outbound);
  const made = await api<{ data: { id: string } }>(ctx, token, 'POST', '/processes', {
    name,
    driver: 'edi-x12',
    credentials: {
      sftp_host: fake.host, sftp_port: String(fake.port), username: PARTNER_USER.username, password: PARTNER_USER.password,
      inbound_dir: inbound, outbound_dir: outbound,
    },
    settings: {
      edi_preset: 'x12', mailbox_protocol: 'sftp', isa_qualifier: 'ZZ', isa_id: US, partner_isa_qualifier: 'ZZ', partner_isa_id: THEM,
      gs1_company_prefix: '0614141', vendor_id: 'VEND0042',
    },
    actions,
  }, 201);
  return { id: made.data.id, inbound, outbound };
}

export interface PoLine {
  sku: string;
  qty: number;
  price: string;
}

const pad = (v: string, n: number) => v.padEnd(n, ' ');

/**
 * One interchange of `pos.length` 850s in one GS group, as RetailCo sends them (edi.test-kit.ts's shape: BEG, REF,
 * DTM, TD5, N1/N3/N4 ship-to, PO1 + PID per line, CTT), one ST per PO; segments end with `~` and a newline.
 */
export function interchange850(control: number, pos: { po: string; shipTo: string; lines: PoLine[] }[]): string {
  const ctl = String(control).padStart(9, '0');
  const out: string[] = [
    `ISA*00*          *00*          *ZZ*${pad(THEM, 15)}*ZZ*${pad(US, 15)}*260115*0930*U*00401*${ctl}*0*P*>~`,
    `GS*PO*${THEM}*${US}*20260115*0930*${control}*X*004010~`,
  ];
  pos.forEach((p, i) => {
    const body = [
      `BEG*00*DS*${p.po}**20260115~`, 'REF*IA*VEND0042~', 'DTM*010*20260117~', 'TD5**2*UPSN*U*UPS GROUND~',
      `N1*ST*${p.shipTo}~`, `N3*${100 + (i % 9000)} MAIN ST*APT ${1 + (i % 40)}~`, 'N4*SPRINGFIELD*IL*62701*US~',
      ...p.lines.flatMap((l, j) => [`PO1*${j + 1}*${l.qty}*EA*${l.price}*PE*VN*${l.sku}~`, `PID*F****ITEM ${l.sku}~`]),
      `CTT*${p.lines.length}*${p.lines.reduce((s, l) => s + l.qty, 0)}~`,
    ];
    const st = String(i + 1).padStart(4, '0');
    out.push(`ST*850*${st}~`, ...body, `SE*${body.length + 2}*${st}~`);
  });
  out.push(`GE*${pos.length}*${control}~`, `IEA*1*${ctl}~`);
  return out.join('\n') + '\n';
}

export interface SentFile {
  name: string;
  bytes: number;
  text: string;
  interchanges: X12Interchange[];
}

/** The files we left in the partner's outbound folder, in name order, parsed by the server's own X12 reader. */
export function sentFiles(fake: SftpFake, dir: string): SentFile[] {
  return fake.listFiles(dir).map((name) => {
    const data = fake.readFile(`${dir}/${name}`)!;
    const text = data.toString('latin1');
    return { name, bytes: data.length, text, interchanges: parseInterchanges(text) };
  });
}

/** Transaction sets per functional id (FA = 997, PR = 855, IB = 846…) over the sent files. */
export function setsByFunctionalId(files: readonly SentFile[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of files) {
    for (const ic of f.interchanges) for (const g of ic.groups) out[g.functionalId] = (out[g.functionalId] ?? 0) + g.transactions.length;
  }
  return out;
}

/** `count` regular SKUs of the inventory data set spread over the catalog (a stride coprime with its size), as woocommerce-import draws them. */
export async function spreadSkus(ctx: ScenarioContext, tenantId: string, count: number): Promise<string[]> {
  const rows = await ctx.ownerQuery(`SELECT sku FROM skus WHERE tenant_id = $1 AND type = 'REGULAR' AND sku LIKE 'BNC-%' ORDER BY sku`, [tenantId]);
  const all = rows.map((r) => String(r.sku));
  const n = Math.min(count, all.length);
  const out = new Set<string>();
  for (let k = 0; out.size < n; k++) out.add(all[(k * 7919) % all.length]!);
  return [...out];
}

/**
 * How long the server's own mailbox code (mailbox/mailbox.ts, the same SFTP library and settings) takes to
 * download `path` from the fake and to upload as many bytes, timed from this process: the transfer's share of
 * a run, apart from the server's parsing and writing. The upload goes to a scratch folder and is removed.
 */
export async function timeMailboxTransfer(fake: SftpFake, path: string): Promise<{ bytes: number; get_ms: number; put_ms: number }> {
  const { openMailbox } = await import('../../apps/server/src/modules/edi/mailbox/mailbox');
  const mailbox = await openMailbox({ protocol: 'sftp', host: fake.host, port: fake.port, username: PARTNER_USER.username, password: PARTNER_USER.password });
  try {
    let started = performance.now();
    const data = await mailbox.get(path);
    const getMs = performance.now() - started;
    fake.mkdir('/bench-scratch');
    started = performance.now();
    await mailbox.put(`/bench-scratch/probe-${Date.now()}.edi`, data);
    const putMs = performance.now() - started;
    for (const name of fake.listFiles('/bench-scratch')) fake.removeFile(`/bench-scratch/${name}`);
    return { bytes: data.length, get_ms: Math.round(getMs), put_ms: Math.round(putMs) };
  } finally {
    await mailbox.close();
  }
}
