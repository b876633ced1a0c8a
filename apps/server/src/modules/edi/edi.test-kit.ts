// Test helpers for EDI partners: a channel kit whose "service" is a real SFTP mailbox on 127.0.0.1, a partner
// process pointed at a folder of its own, and 850s/997s written by hand as the partner would send them.
import { channelKitWith, uniq, type ChannelKit } from '../channels/channels.test-kit';
import { startSftpFake, type SftpFake } from '../../test/fakes/sftp/sftp-fake';

export const PARTNER = { username: 'retailco', password: 'mailbox-secret' };

export async function ediKit(): Promise<ChannelKit<SftpFake>> {
  const fake = await startSftpFake({ users: [PARTNER], dirs: ['/in', '/out'] });
  return channelKitWith(fake);
}

export interface EdiPartner {
  id: string;
  inbound: string;
  outbound: string;
}

/** A partner process of Acme with folders of its own on the fake (one mailbox folder, one process). */
export async function makePartner(k: ChannelKit<SftpFake>, opts: { settings?: Record<string, unknown>; password?: string; actions?: Record<string, unknown> } = {}): Promise<EdiPartner> {
  const folder = uniq('p').toLowerCase();
  const inbound = `/in/${folder}`;
  const outbound = `/out/${folder}`;
  k.fake.mkdir(inbound);
  k.fake.mkdir(outbound);
  const res = await k.ok<{ data: { id: string } }>(201, 'POST', '/processes', k.acme, {
    name: uniq('RetailCo EDI'),
    driver: 'edi-x12',
    credentials: {
      sftp_host: k.fake.host, sftp_port: String(k.fake.port), username: PARTNER.username, password: opts.password ?? PARTNER.password,
      inbound_dir: inbound, outbound_dir: outbound,
    },
    settings: {
      edi_preset: 'x12', mailbox_protocol: 'sftp', isa_qualifier: 'ZZ', isa_id: 'ACMESUPPLY', partner_isa_qualifier: 'ZZ', partner_isa_id: 'RETAILCO',
      gs1_company_prefix: '0614141', vendor_id: 'VEND0042', ...opts.settings,
    },
    actions: opts.actions ?? {
      import_orders: { active: true, options: { iloc_id: k.iloc } },
      update_tracking: { active: true },
      sync_inventory: { active: true, options: { iloc_id: k.iloc } },
    },
  });
  return { id: res.data.id, inbound, outbound };
}

export interface PoLine {
  sku: string;
  qty: number;
  price: string;
  upc?: string;
  qualifier?: string;
}

const pad = (v: string, n: number) => v.padEnd(n, ' ');

/** An 850 interchange as RetailCo sends it (the golden document's shape), one ST per PO. */
export function interchange850(input: { control: number; pos: { po: string; lines: PoLine[]; shipTo?: string }[]; from?: string; to?: string; seCountDelta?: number }): string {
  const from = input.from ?? 'RETAILCO';
  const to = input.to ?? 'ACMESUPPLY';
  const ctl = String(input.control).padStart(9, '0');
  const out: string[] = [
    `ISA*00*          *00*          *ZZ*${pad(from, 15)}*ZZ*${pad(to, 15)}*260115*0930*U*00401*${ctl}*0*P*>~`,
    `GS*PO*${from}*${to}*20260115*0930*${input.control}*X*004010~`,
  ];
  input.pos.forEach((p, i) => {
    const body = [
      `BEG*00*DS*${p.po}**20260115~`, 'REF*IA*VEND0042~', 'DTM*010*20260117~', 'TD5**2*UPSN*U*UPS GROUND~',
      `N1*ST*${p.shipTo ?? 'JOHN SMITH'}~`, 'N3*123 MAIN ST*APT 4~', 'N4*SPRINGFIELD*IL*62701*US~',
      ...p.lines.flatMap((l, j) => [
        `PO1*${j + 1}*${l.qty}*EA*${l.price}*PE*UP*${l.upc ?? '012345678905'}*${l.qualifier ?? 'VN'}*${l.sku}~`, `PID*F****ITEM ${l.sku}~`,
      ]),
      `CTT*${p.lines.length}*${p.lines.reduce((s, l) => s + l.qty, 0)}~`,
    ];
    const st = String(i + 1).padStart(4, '0');
    out.push(`ST*850*${st}~`, ...body, `SE*${body.length + 2 + (input.seCountDelta ?? 0)}*${st}~`);
  });
  out.push(`GE*${input.pos.length}*${input.control}~`, `IEA*1*${ctl}~`);
  return out.join('\n') + '\n';
}

/** A 997 from RetailCo answering our group `gs06` of functional id `fid` (AK5 per set). */
export function interchange997(input: { control: number; fid: string; gs06: string; setId: string; sets: string[]; verdict: 'A' | 'E' | 'R' }): string {
  const ctl = String(input.control).padStart(9, '0');
  const body = [`AK1*${input.fid}*${input.gs06}~`, ...input.sets.flatMap((s) => [`AK2*${input.setId}*${s}~`, ...(input.verdict === 'R' ? ['AK3*SN1*21*HL*8~', 'AK4*3*355*1~'] : []), `AK5*${input.verdict}${input.verdict === 'R' ? '*5' : ''}~`]),
    `AK9*${input.verdict}*${input.sets.length}*${input.sets.length}*${input.verdict === 'R' ? 0 : input.sets.length}~`];
  return [
    `ISA*00*          *00*          *ZZ*RETAILCO       *ZZ*ACMESUPPLY     *260117*1602*U*00401*${ctl}*0*P*>~`,
    `GS*FA*RETAILCO*ACMESUPPLY*20260117*1602*${input.control}*X*004010~`, 'ST*997*0001~', ...body, `SE*${body.length + 2}*0001~`,
    `GE*1*${input.control}~`, `IEA*1*${ctl}~`,
  ].join('\n') + '\n';
}

export interface DocItem {
  id: string;
  direction: string;
  doc_type: string;
  status: string;
  ack_status: string | null;
  interchange_control: string | null;
  group_control: string | null;
  set_controls: string[];
  order_ids: string[];
  error: string | null;
  delivered_at: string | null;
  counts: { sets: number; created: number; duplicates: number; failed: number };
}

export async function documentsOf(k: ChannelKit<SftpFake>, processId: string, query = ''): Promise<DocItem[]> {
  return (await k.ok<{ data: DocItem[] }>(200, 'GET', `/processes/${processId}/edi/documents?per_page=100${query}`, k.acme)).data;
}

/** The files we left in the partner's outbound folder, by name order, as text. */
export function sentFiles(k: ChannelKit<SftpFake>, partner: EdiPartner): { name: string; text: string }[] {
  return k.fake.listFiles(partner.outbound).map((name) => ({ name, text: k.fake.readFile(`${partner.outbound}/${name}`)!.toString('latin1') }));
}

/** An 860 interchange: BCH per change (01 cancellation, 04 change). */
export function interchange860(input: { control: number; changes: { po: string; purpose: '01' | '04' }[] }): string {
  const ctl = String(input.control).padStart(9, '0');
  const out = [
    `ISA*00*          *00*          *ZZ*RETAILCO       *ZZ*ACMESUPPLY     *260116*0800*U*00401*${ctl}*0*P*>~`,
    `GS*PC*RETAILCO*ACMESUPPLY*20260116*0800*${input.control}*X*004010~`,
  ];
  input.changes.forEach((c, i) => {
    const st = String(i + 1).padStart(4, '0');
    out.push(`ST*860*${st}~`, `BCH*${c.purpose}*DS*${c.po}***20260116~`, `SE*3*${st}~`);
  });
  out.push(`GE*${input.changes.length}*${input.control}~`, `IEA*1*${ctl}~`);
  return out.join('\n') + '\n';
}
