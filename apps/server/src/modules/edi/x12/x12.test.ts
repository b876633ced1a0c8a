import fs from 'node:fs';
import path from 'node:path';
import { X12Parser } from 'node-x12';
import { describe, expect, it } from 'vitest';
import { makeSscc, gs1CheckDigit, isValidSscc, man02, ssccFromMan02 } from './sscc';
import { read850 } from './x12-850';
import { build810 } from './x12-810';
import { build846 } from './x12-846';
import { build855 } from './x12-855';
import { build856, validate856, type ShipNotice } from './x12-856';
import { build997, read997 } from './x12-997';
import { parseInterchanges, readDelimiters, validateInterchange } from './x12-parse';
import { readableTransaction } from './x12-readable';
import { X12SyntaxError, type X12Group, type X12Interchange, type X12Segment, type X12Transaction } from './x12-types';
import { cleanText, segmentsToText, writeInterchange, type OutboundInterchange } from './x12-write';

const GOLDEN = ['850', '855', '856', '810', '846', '997-accept-850', '997-reject-856', '940', '945', '997-delimiters-lf'];
const golden = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'golden', `${name}.edi`), 'utf8');

function only(text: string): X12Interchange {
  const all = parseInterchanges(text);
  expect(all).toHaveLength(1);
  return all[0] as X12Interchange;
}
const firstGroup = (ic: X12Interchange) => ic.groups[0] as X12Group;
const firstSet = (ic: X12Interchange) => firstGroup(ic).transactions[0] as X12Transaction;

/** The envelope data of a parsed interchange, to write it back. */
function toOutbound(ic: X12Interchange): OutboundInterchange {
  const isaDate = new Date(`20${ic.date.slice(0, 2)}-${ic.date.slice(2, 4)}-${ic.date.slice(4, 6)}T${ic.time.slice(0, 2)}:${ic.time.slice(2, 4)}:00Z`);
  return {
    senderQualifier: ic.senderQualifier,
    senderId: ic.senderId,
    receiverQualifier: ic.receiverQualifier,
    receiverId: ic.receiverId,
    control: ic.control,
    date: isaDate,
    usage: ic.usage,
    ackRequested: ic.ackRequested,
    delimiters: ic.delimiters,
    groups: ic.groups.map((g) => ({
      functionalId: g.functionalId,
      sender: g.sender,
      receiver: g.receiver,
      control: g.control,
      version: g.version,
      date: new Date(`${g.date.slice(0, 4)}-${g.date.slice(4, 6)}-${g.date.slice(6, 8)}T${g.time.slice(0, 2)}:${g.time.slice(2, 4)}:00Z`),
      sets: g.transactions.map((t) => ({ setId: t.setId, control: t.control, segments: t.segments })),
    })),
  };
}

/** Our standard outbound envelope (ACMESUPPLY → RETAILCO), one group with one set, as in the golden documents. */
function envelope(functionalId: string, setId: string, control: string, at: string, segments: X12Segment[]): string {
  const date = new Date(at);
  return writeInterchange({
    senderQualifier: 'ZZ',
    senderId: 'ACMESUPPLY',
    receiverQualifier: 'ZZ',
    receiverId: 'RETAILCO',
    control,
    date,
    usage: 'P',
    groups: [{ functionalId, sender: 'ACMESUPPLY', receiver: 'RETAILCO', control, date, sets: [{ setId, control: '0001', segments }] }],
  });
}

function strictNodeX12Accepts(text: string): void {
  expect(() => new X12Parser(true).parse(text)).not.toThrow();
}

const SHIP_TO = { name: 'JOHN SMITH', address1: '123 MAIN ST', address2: 'APT 4', city: 'SPRINGFIELD', state: 'IL', postal: '62701', country: 'US' };
const LINE_1_IDS = { UP: '012345678905', VN: 'ACME-100' };
const LINE_2_IDS = { UP: '036000291452', VN: 'ACME-200' };

function goldenShipNotice(): ShipNotice {
  return {
    shipmentId: 'SHP20260117001',
    date: new Date('2026-01-17T15:30:00Z'),
    carrier: { scac: 'UPSN', mode: 'U', service: 'UPS GROUND' },
    bol: 'SHP20260117001',
    tracking: null,
    weightLb: '3.5',
    shipTo: SHIP_TO,
    shipFrom: { name: 'ACME SUPPLY CO', address1: '1 FACTORY RD', address2: null, city: 'DAYTON', state: 'OH', postal: '45402', country: 'US' },
    orders: [
      {
        poNumber: 'PO4500012345',
        poDate: '2026-01-15',
        boxes: [
          {
            sscc: makeSscc({ extension: 0, companyPrefix: '0614141', serial: 123456789 }),
            carrierPackageId: '1ZTEST0000000001',
            items: [{ lineNo: '1', quantity: 2, uom: 'EA', ids: LINE_1_IDS }],
          },
          {
            sscc: makeSscc({ extension: 0, companyPrefix: '0614141', serial: 123456790 }),
            carrierPackageId: '1ZTEST0000000002',
            items: [{ lineNo: '2', quantity: 1, uom: 'EA', ids: LINE_2_IDS }],
          },
        ],
      },
    ],
  };
}

const seg = (text: string): X12Segment => {
  const [id, ...elements] = text.split('*');
  return { id: id as string, elements };
};

describe('parsing the golden documents', () => {
  it.each(GOLDEN)('%s parses with valid counts and control numbers', (name) => {
    const ic = only(golden(name));
    expect(validateInterchange(ic)).toEqual([]);
    expect(ic.groups).toHaveLength(1);
    expect(firstGroup(ic).transactions).toHaveLength(1);
    expect(ic.iea).not.toBeNull();
  });

  it('reads the delimiters from the ISA, never assuming * > ~', () => {
    expect(readDelimiters(golden('850'))).toEqual({ element: '*', component: '>', segment: '~' });
    expect(readDelimiters(golden('997-delimiters-lf'))).toEqual({ element: '|', component: ':', segment: '\n' });
  });

  it('parses the | : LF document identically to the * > ~ one of the same shape', () => {
    const lf = only(golden('997-delimiters-lf'));
    const star = only(golden('997-accept-850'));
    expect(lf.senderId).toBe('ACMESUPPLY');
    expect(lf.receiverId).toBe('RETAILCO');
    expect(lf.control).toBe('000001006');
    expect(firstGroup(lf).functionalId).toBe('FA');
    expect(firstSet(lf).control).toBe('0002');
    expect(firstSet(lf).segments.map((s) => s.id)).toEqual(firstSet(star).segments.map((s) => s.id));
    expect(read997(firstSet(lf))).toMatchObject({ functionalId: 'PO', groupControl: '102', status: 'A', included: 1, received: 1, accepted: 1 });
  });

  it('reads the envelope fields', () => {
    const ic = only(golden('850'));
    expect(ic).toMatchObject({ senderQualifier: 'ZZ', senderId: 'RETAILCO', receiverId: 'ACMESUPPLY', date: '260115', time: '0930', control: '000000101', ackRequested: false, usage: 'P' });
    expect(firstGroup(ic)).toMatchObject({ functionalId: 'PO', control: '101', version: '004010', date: '20260115' });
    expect(firstSet(ic)).toMatchObject({ setId: '850', control: '0001', startIndex: 2 });
    expect(firstSet(ic).segments).toHaveLength(13);
  });

  const canonical = (text: string) => JSON.stringify(parseInterchanges(text).map((ic) => ({ ...ic, delimiters: null })));
  const variants: [string, (t: string) => string][] = [
    ['CRLF-wrapped', (t) => t.replace(/\n/g, '\r\n')],
    ['single-line', (t) => t.replace(/\n/g, '')],
    ['BOM-prefixed', (t) => `\uFEFF${t}`],
    ['CR-wrapped with leading blank lines', (t) => `\n\n${t.replace(/\n/g, '\r')}`],
    ['indented, with a DOS end-of-file mark', (t) => `${t.replace(/\n/g, '\n  ')}\u001a`],
  ];
  it.each(variants)('a %s copy parses to the same segments', (_label, transform) => {
    for (const name of GOLDEN.filter((n) => n !== '997-delimiters-lf')) {
      expect(canonical(transform(golden(name)))).toBe(canonical(golden(name)));
    }
  });

  it('tolerates CRLF when LF is the segment terminator', () => {
    const text = golden('997-delimiters-lf');
    expect(canonical(text.replace(/\n/g, '\r\n'))).toBe(canonical(text));
  });

  it('is not fooled by ISA inside data (ISAAC NEWTON), wrapped or on one line', () => {
    for (const text of [golden('850'), golden('850').replace(/\n/g, '')]) {
      const ic = only(text.replace('N1*ST*JOHN SMITH', 'N1*ST*ISAAC NEWTON').replace('PID*F****WIDGET RED', 'PID*F****ISA RED'));
      expect(validateInterchange(ic)).toEqual([]);
      const { po } = read850(firstSet(ic));
      expect(po?.parties.ST?.name).toBe('ISAAC NEWTON');
      expect(po?.lines[1]?.description).toBe('ISA RED');
    }
  });

  it('reads several interchanges from one file, each with its own delimiters', () => {
    const all = parseInterchanges(`${golden('850')}\n${golden('997-delimiters-lf')}${golden('855').replace(/\n/g, '')}`);
    expect(all.map((ic) => [ic.control, ic.delimiters.element])).toEqual([
      ['000000101', '*'],
      ['000001006', '|'],
      ['000001001', '*'],
    ]);
    expect(all.flatMap(validateInterchange)).toEqual([]);
  });
});

describe('garbled input is refused with X12SyntaxError', () => {
  const isaStarEnd = golden('850').replace('*P*>~', '*P*>*');
  const cases: [string, string][] = [
    ['a truncated ISA', golden('850').slice(0, 80)],
    ['random text', 'Hello, this is not EDI at all. Please find attached our order.'],
    ['an empty file', '  \n'],
    ['an ISA whose segment terminator equals the element separator', isaStarEnd],
    ['an ISA whose ISA16 equals the element separator', golden('850').replace('*P*>~', '*P**~')],
    ['an ISA with a sender ID one character too long', golden('850').replace('RETAILCO       ', 'RETAILCO        ')],
    ['a missing IEA', golden('850').replace('IEA*1*000000101~\n', '')],
    ['binary junk after the IEA', `${golden('850')}\u0007\u0001garbage`],
    ['a body segment outside any set', golden('850').replace('GE*1*101~', 'REF*XX*1~\nGE*1*101~')],
  ];
  it.each(cases)('%s', (_label, text) => {
    expect(() => parseInterchanges(text)).toThrow(X12SyntaxError);
  });
});

describe('envelope validation', () => {
  const issuesOf = (text: string) => validateInterchange(only(text));
  it('catches a wrong SE01 count', () => {
    expect(issuesOf(golden('850').replace('SE*15*0001', 'SE*14*0001'))).toEqual([
      expect.objectContaining({ level: 'transaction', code: '4', setControl: '0001', segmentId: 'SE', segmentPosition: 15, badValue: '14' }),
    ]);
  });
  it('catches ST02 ≠ SE02', () => {
    expect(issuesOf(golden('850').replace('SE*15*0001', 'SE*15*0002'))).toEqual([expect.objectContaining({ level: 'transaction', code: '3' })]);
  });
  it('catches a wrong GE01 and GE02', () => {
    expect(issuesOf(golden('850').replace('GE*1*101', 'GE*2*101'))).toEqual([expect.objectContaining({ level: 'group', code: '5', groupControl: '101' })]);
    expect(issuesOf(golden('850').replace('GE*1*101', 'GE*1*102'))).toEqual([expect.objectContaining({ level: 'group', code: '4' })]);
  });
  it('catches IEA02 ≠ ISA13 and a wrong IEA01', () => {
    expect(issuesOf(golden('850').replace('IEA*1*000000101', 'IEA*1*000000102'))).toEqual([expect.objectContaining({ level: 'interchange', code: '001' })]);
    expect(issuesOf(golden('850').replace('IEA*1*000000101', 'IEA*2*000000101'))).toEqual([expect.objectContaining({ level: 'interchange', code: '021' })]);
  });
  it('catches a missing SE and a missing GE', () => {
    expect(issuesOf(golden('850').replace('SE*15*0001~\n', ''))).toEqual([expect.objectContaining({ code: '2', level: 'transaction' })]);
    expect(issuesOf(golden('850').replace('GE*1*101~\n', ''))).toEqual([expect.objectContaining({ code: '3', level: 'group' })]);
  });
  it('catches a duplicate ST02 within a group', () => {
    const body = only(golden('846')).groups[0]?.transactions[0]?.segments ?? [];
    const text = writeInterchange({
      ...toOutbound(only(golden('846'))),
      groups: [{ functionalId: 'IB', sender: 'A', receiver: 'B', control: '7', date: new Date(), sets: [{ setId: '846', control: '0001', segments: body }, { setId: '846', control: '0001', segments: body }] }],
    });
    expect(issuesOf(text)).toEqual([expect.objectContaining({ code: '23', level: 'transaction', setControl: '0001' })]);
  });
});

describe('writing', () => {
  it.each(GOLDEN)('%s: parse → write → parse round-trips byte for byte', (name) => {
    const text = golden(name);
    const ic = only(text);
    const written = writeInterchange(toOutbound(ic));
    expect(written).toBe(text);
    const again = only(written);
    expect(again.control).toBe(ic.control);
    expect(firstGroup(again).control).toBe(firstGroup(ic).control);
    expect(firstSet(again).control).toBe(firstSet(ic).control);
    expect(firstSet(again).segments).toEqual(firstSet(ic).segments);
  });

  it('pads the ISA to 106 characters, zero-pads ISA13 and writes other delimiters on one line', () => {
    const text = writeInterchange({
      ...toOutbound(only(golden('846'))),
      control: '42',
      senderId: 'A',
      delimiters: { element: '^', component: ':', segment: "'" },
      lineBreaks: false,
    });
    expect(text.indexOf("'")).toBe(105);
    expect(text).not.toContain('\n');
    const ic = only(text);
    expect(ic).toMatchObject({ control: '000000042', senderId: 'A', delimiters: { element: '^', component: ':', segment: "'" } });
    expect(validateInterchange(ic)).toEqual([]);
  });

  it('refuses a value that contains a delimiter or a line break, and cleanText makes free text safe', () => {
    const write = (name: string) => envelope('IB', '846', '9', '2026-01-17T06:00:00Z', [seg('BIA*00*SI*X*20260117'), { id: 'N1', elements: ['ST', name] }]);
    expect(() => write('SMITH*JONES')).toThrow(/N102/);
    expect(() => write('A~B')).toThrow();
    expect(() => write('A>B')).toThrow();
    expect(() => write('123 Main\nApt 4')).toThrow();
    expect(cleanText('SMITH*JONES~\n> Apt 4')).toBe('SMITH JONES Apt 4');
    expect(() => write(cleanText('SMITH*JONES'))).not.toThrow();
  });

  it('drops trailing empty elements', () => {
    expect(segmentsToText([{ id: 'TD5', elements: ['', '2', 'UPSN', '', '', ''] }], { element: '*', component: '>', segment: '~' })).toBe('TD5**2*UPSN~');
  });
});

describe('builders reproduce the golden documents', () => {
  it('855', () => {
    const body = build855({
      po: { poNumber: 'PO4500012345', poDate: '2026-01-15' },
      ackType: 'AD',
      date: new Date('2026-01-15T10:15:00Z'),
      lines: [
        { lineNo: '1', quantity: 2, uom: 'EA', unitPrice: '19.99', ids: LINE_1_IDS, status: 'IA', ackQuantity: 2, shipDate: '2026-01-17' },
        { lineNo: '2', quantity: 1, uom: 'EA', unitPrice: '5.00', ids: LINE_2_IDS, status: 'IA', ackQuantity: 1, shipDate: '2026-01-17' },
      ],
    });
    const text = envelope('PR', '855', '1001', '2026-01-15T10:15:00Z', body);
    expect(text).toBe(golden('855'));
    strictNodeX12Accepts(text);
  });

  it('856', () => {
    const body = build856(goldenShipNotice());
    expect(validate856(body)).toEqual([]);
    const text = envelope('SH', '856', '1002', '2026-01-17T15:30:00Z', body);
    expect(text).toBe(golden('856'));
    strictNodeX12Accepts(text);
  });

  it('810, with TDS in implied cents', () => {
    const body = build810({
      invoiceNumber: 'INV90001',
      invoiceDate: new Date('2026-01-17T16:00:00Z'),
      poNumber: 'PO4500012345',
      poDate: '2026-01-15',
      vendorRef: 'VEND0042',
      shipTo: SHIP_TO,
      netDays: 30,
      lines: [
        { lineNo: '1', quantity: 2, uom: 'EA', unitPrice: '19.99', ids: LINE_1_IDS },
        { lineNo: '2', quantity: 1, uom: 'EA', unitPrice: '5.00', ids: LINE_2_IDS },
      ],
    });
    const text = envelope('IN', '810', '1003', '2026-01-17T16:00:00Z', body);
    expect(text).toBe(golden('810'));
    strictNodeX12Accepts(text);
  });

  it('810 totals charges and allowances without float drift', () => {
    const body = build810({
      invoiceNumber: 'I', invoiceDate: new Date('2026-01-17T16:00:00Z'), poNumber: 'P', poDate: null, vendorRef: null, shipTo: null, netDays: null, shipDate: null,
      lines: [{ lineNo: '1', quantity: 3, uom: 'EA', unitPrice: '0.10', ids: { VN: 'X' } }],
      charges: [{ type: 'C', code: 'D240', amount: '7.25', description: 'FREIGHT' }, { type: 'A', code: 'C310', amount: '0.05' }],
    });
    expect(segmentsToText(body, { element: '*', component: '>', segment: '~' })).toBe(
      'BIG*20260117*I**P~IT1*1*3*EA*0.10**VN*X~TDS*750~SAC*C*D240***725**********FREIGHT~SAC*A*C310***5~CTT*1~',
    );
  });

  it('846', () => {
    const body = build846({
      reference: 'INV20260117',
      date: new Date('2026-01-17T06:00:00Z'),
      vendorRef: 'VEND0042',
      items: [
        { sku: 'ACME-100', upc: '012345678905', quantity: 150 },
        { sku: 'ACME-200', upc: '036000291452', quantity: 0 },
      ],
    });
    const text = envelope('IB', '846', '1004', '2026-01-17T06:00:00Z', body);
    expect(text).toBe(golden('846'));
    strictNodeX12Accepts(text);
  });

  it('846 leaves out the UP pair when an item has no UPC', () => {
    const body = build846({ reference: 'R', date: new Date('2026-01-17T06:00:00Z'), vendorRef: null, qtyQualifier: '33', items: [{ sku: 'S-1', upc: null, quantity: 4 }] });
    expect(body.map((s) => [s.id, ...s.elements].join('*'))).toEqual(['BIA*00*SI*R*20260117', 'LIN*1*VN*S-1', 'QTY*33*4*EA', 'CTT*1*4']);
  });

  it('the accepting 997 from the golden 850', () => {
    const ic = only(golden('850'));
    const body = build997({ group: firstGroup(ic), issues: validateInterchange(ic) });
    const text = envelope('FA', '997', '1005', '2026-01-15T09:31:00Z', body);
    expect(text).toBe(golden('997-accept-850'));
    strictNodeX12Accepts(text);
  });

  it('the rejecting 997 for an 856 whose first SN1 lacks SN103', () => {
    const broken = golden('856').replace('SN1*1*2*EA~', 'SN1*1*2~');
    const ic = only(broken);
    const tx = firstSet(ic);
    const issues = [...validateInterchange(ic), ...validate856(tx.segments, tx.control)];
    const body = build997({ group: firstGroup(ic), issues });
    const expected = only(golden('997-reject-856'));
    expect(body).toEqual(firstSet(expected).segments);
  });

  it('node-x12 strict mode rejects what our validator rejects (the cross-check can fail)', () => {
    expect(() => new X12Parser(true).parse(golden('850').replace('SE*15*0001', 'SE*14*0001'))).toThrow();
  });
});

describe('856 validation', () => {
  const body = () => build856(goldenShipNotice());
  const mutate = (from: string, to: string) => body().map((s) => ([s.id, ...s.elements].join('*') === from ? seg(to) : s));
  const problems = (segments: X12Segment[]) => validate856(segments).map((i) => `${i.segmentId}${String(i.elementPosition).padStart(2, '0')}@${i.segmentPosition}`);

  it('catches an HL parent that points forward or nowhere', () => {
    expect(problems(mutate('HL*3*2*P*1', 'HL*3*5*P*1'))).toContain('HL02@16');
    expect(problems(mutate('HL*4*3*I*0', 'HL*4*9*I*0'))).toContain('HL02@19');
  });
  it('catches HL01 out of sequence', () => {
    expect(problems(mutate('HL*2*1*O*1', 'HL*7*1*O*1'))).toContain('HL01@14');
  });
  it('catches HL04 that disagrees with the children that follow', () => {
    expect(problems(mutate('HL*4*3*I*0', 'HL*4*3*I*1'))).toEqual(['HL04@19']);
    expect(problems(mutate('HL*3*2*P*1', 'HL*3*2*P*0'))).toEqual(['HL04@16']);
  });
  it('catches a bad SSCC check digit and a reused SSCC', () => {
    expect(problems(mutate('MAN*GM*00006141411234567906', 'MAN*GM*00006141411234567907'))).toEqual(['MAN02@23']);
    expect(problems(mutate('MAN*GM*00006141411234567906', 'MAN*GM*00006141411234567890'))).toEqual(['MAN02@23']);
    expect(problems(mutate('MAN*GM*00006141411234567906', 'MAN*GM*006141411234567906'))).toEqual(['MAN02@23']);
  });
  it('catches CTT01 and CTT02 that do not match', () => {
    expect(problems(mutate('CTT*6*3', 'CTT*5*3'))).toEqual(['CTT01@28']);
    expect(problems(mutate('CTT*6*3', 'CTT*6*4'))).toEqual(['CTT02@28']);
  });
  it('build856 refuses a box whose SSCC has a wrong check digit', () => {
    const notice = goldenShipNotice();
    const box = notice.orders[0]?.boxes[0];
    if (box) box.sscc = '006141411234567891';
    expect(() => build856(notice)).toThrow(/SSCC/);
  });
});

describe('SSCC', () => {
  it('computes GS1 check digits (SSCCs of the golden 856, and UPCs)', () => {
    expect(makeSscc({ extension: 0, companyPrefix: '0614141', serial: 123456789 })).toBe('006141411234567890');
    expect(makeSscc({ extension: 0, companyPrefix: '0614141', serial: 123456790 })).toBe('006141411234567906');
    expect(gs1CheckDigit('01234567890')).toBe(5);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(makeSscc({ extension: 3, companyPrefix: '1234567890', serial: 42 })).toMatch(/^31234567890000042\d$/);
  });
  it('validates SSCCs and the 20-digit MAN02 form', () => {
    expect(isValidSscc('006141411234567890')).toBe(true);
    expect(isValidSscc('006141411234567891')).toBe(false);
    expect(isValidSscc('06141411234567890')).toBe(false);
    expect(man02('006141411234567890')).toBe('00006141411234567890');
    expect(ssccFromMan02('00006141411234567890')).toBe('006141411234567890');
    expect(ssccFromMan02('00006141411234567891')).toBeNull();
    expect(() => man02('123')).toThrow();
  });
  it('refuses a serial that does not fit after the company prefix', () => {
    expect(() => makeSscc({ extension: 0, companyPrefix: '0614141', serial: 1_000_000_000 })).toThrow();
    expect(() => makeSscc({ extension: 10, companyPrefix: '0614141', serial: 1 })).toThrow();
  });
});

describe('reading an 850', () => {
  it('reads the golden purchase order', () => {
    const { po, issues } = read850(firstSet(only(golden('850'))));
    expect(issues).toEqual([]);
    expect(po).toMatchObject({
      purpose: '00',
      poType: 'DS',
      poNumber: 'PO4500012345',
      poDate: '2026-01-15',
      refs: { IA: 'VEND0042' },
      dates: { '010': '2026-01-17' },
      carrier: { scac: 'UPSN', mode: 'U', routing: 'UPS GROUND' },
      totalLines: 2,
      hashTotal: 3,
    });
    expect(po?.parties.ST).toEqual({
      name: 'JOHN SMITH', idQualifier: null, id: null, address1: '123 MAIN ST', address2: 'APT 4', city: 'SPRINGFIELD', state: 'IL', postal: '62701', country: 'US',
    });
    expect(po?.parties.BT).toMatchObject({ name: 'RETAILCO INC', idQualifier: '92', id: '0001' });
    expect(po?.lines).toEqual([
      { lineNo: '1', quantity: 2, uom: 'EA', unitPrice: '19.99', ids: LINE_1_IDS, description: 'WIDGET BLUE' },
      { lineNo: '2', quantity: 1, uom: 'EA', unitPrice: '5.00', ids: LINE_2_IDS, description: 'WIDGET RED' },
    ]);
  });

  it('an 850 without BEG03 is rejected by the 997 with AK3/AK4', () => {
    const ic = only(golden('850').replace('BEG*00*DS*PO4500012345**20260115', 'BEG*00*DS***20260115'));
    const { po, issues } = read850(firstSet(ic));
    expect(po).toBeNull();
    expect(issues).toEqual([expect.objectContaining({ segmentId: 'BEG', segmentPosition: 2, elementPosition: 3, elementCode: '1' })]);
    const body = build997({ group: firstGroup(ic), issues: [...validateInterchange(ic), ...issues] });
    expect(segmentsToText(body, ic.delimiters)).toBe('AK1*PO*101~AK2*850*0001~AK3*BEG*2**8~AK4*3*324*1~AK5*R*5~AK9*R*1*1*0~');
  });

  it('flags a missing BEG, no PO1, a bad quantity and a bad date', () => {
    const tx = (edits: [string, string][]) => {
      let text = golden('850');
      for (const [from, to] of edits) text = text.replace(from, to);
      return read850(firstSet(only(text)));
    };
    const noBeg = tx([['BEG*00*DS*PO4500012345**20260115~\n', ''], ['SE*15', 'SE*14']]);
    expect(noBeg.po).toBeNull();
    expect(noBeg.issues).toEqual([expect.objectContaining({ segmentId: 'BEG', segmentCode: '3' })]);

    const badQty = tx([['PO1*2*1*EA', 'PO1*2*X*EA']]);
    expect(badQty.po).toBeNull();
    expect(badQty.issues).toContainEqual(expect.objectContaining({ segmentId: 'PO1', segmentPosition: 12, elementPosition: 2, elementCode: '6', badValue: 'X', loopId: 'PO1' }));
    expect(tx([['PO1*2*1*EA', 'PO1*2*0*EA']]).issues).toContainEqual(expect.objectContaining({ elementPosition: 2, elementCode: '6' }));
    expect(tx([['PO1*2*1*EA', 'PO1*2**EA']]).issues).toContainEqual(expect.objectContaining({ elementPosition: 2, elementCode: '1' }));

    const badDate = tx([['BEG*00*DS*PO4500012345**20260115', 'BEG*00*DS*PO4500012345**20260231']]);
    expect(badDate.issues).toEqual([expect.objectContaining({ segmentId: 'BEG', elementPosition: 5, elementCode: '8' })]);
    const badOptionalDate = tx([['DTM*010*20260117', 'DTM*010*2026011']]);
    expect(badOptionalDate.po).not.toBeNull();
    expect(badOptionalDate.issues).toEqual([expect.objectContaining({ segmentId: 'DTM', elementCode: '8', warning: true })]);

    let text = golden('850');
    text = text.replace('PO1*1*2*EA*19.99*PE*UP*012345678905*VN*ACME-100~\nPID*F****WIDGET BLUE~\nPO1*2*1*EA*5.00*PE*UP*036000291452*VN*ACME-200~\nPID*F****WIDGET RED~\n', '').replace('SE*15', 'SE*11');
    const noLines = read850(firstSet(only(text)));
    expect(noLines.po).toBeNull();
    expect(noLines.issues).toContainEqual(expect.objectContaining({ segmentId: 'PO1', segmentCode: '3' }));
  });

  it('a wrong CTT01 is reported but the order stays usable: the 997 says accepted with errors', () => {
    const ic = only(golden('850').replace('CTT*2*3', 'CTT*3*3'));
    const { po, issues } = read850(firstSet(ic));
    expect(po?.poNumber).toBe('PO4500012345');
    expect(issues).toEqual([expect.objectContaining({ segmentId: 'CTT', elementPosition: 1, warning: true })]);
    const ack = build997({ group: firstGroup(ic), issues });
    expect(segmentsToText(ack, ic.delimiters)).toBe('AK1*PO*101~AK2*850*0001~AK3*CTT*14*CTT*8~AK4*1*354*7*3~AK5*E*5~AK9*E*1*1*1~');
  });
});

describe('997', () => {
  it('reads the golden rejecting 997', () => {
    expect(read997(firstSet(only(golden('997-reject-856'))))).toEqual({
      functionalId: 'SH',
      groupControl: '1002',
      status: 'R',
      included: 1,
      received: 1,
      accepted: 0,
      codes: [],
      sets: [{ setId: '856', control: '0001', status: 'R', codes: ['5'], errors: [{ segmentId: 'SN1', position: 21, loopId: 'HL', code: '8', element: 3, elementRef: '355', elementCode: '1' }] }],
    });
  });

  it('reads the golden accepting 997', () => {
    expect(read997(firstSet(only(golden('997-accept-850'))))).toMatchObject({ functionalId: 'PO', groupControl: '101', status: 'A', sets: [{ setId: '850', control: '0001', status: 'A', errors: [] }] });
  });

  it('rejects a set with a wrong SE01 and a group with a wrong GE01', () => {
    const wrongCount = only(golden('850').replace('SE*15*0001', 'SE*14*0001'));
    expect(segmentsToText(build997({ group: firstGroup(wrongCount), issues: validateInterchange(wrongCount) }), wrongCount.delimiters)).toBe(
      'AK1*PO*101~AK2*850*0001~AK5*R*4~AK9*R*1*1*0~',
    );
    const wrongGe = only(golden('850').replace('GE*1*101', 'GE*2*101'));
    expect(segmentsToText(build997({ group: firstGroup(wrongGe), issues: validateInterchange(wrongGe) }), wrongGe.delimiters)).toBe(
      'AK1*PO*101~AK2*850*0001~AK5*R~AK9*R*2*1*0*5~',
    );
  });

  it('keeps the issues of set 0001 in one group away from set 0001 of another group', () => {
    const lines = golden('850').split('\n');
    const secondGroup = lines.slice(1, -3).join('\n').replace('*0930*101*X*', '*0930*102*X*').replace('SE*15*0001', 'SE*16*0001');
    const text = golden('850').replace('GE*1*101~\nIEA*1*', `GE*1*101~\n${secondGroup}\nGE*1*102~\nIEA*2*`);
    const ic = only(text);
    const issues = validateInterchange(ic);
    expect(issues).toEqual([expect.objectContaining({ code: '4', groupControl: '102', setControl: '0001' })]);
    const [first, second] = ic.groups as [X12Group, X12Group];
    expect(segmentsToText(build997({ group: first, issues }), ic.delimiters)).toBe('AK1*PO*101~AK2*850*0001~AK5*A~AK9*A*1*1*1~');
    expect(segmentsToText(build997({ group: second, issues }), ic.delimiters)).toBe('AK1*PO*102~AK2*850*0001~AK5*R*4~AK9*R*1*1*0~');
  });

  it('partially accepts a group when one of two sets is rejected', () => {
    const ic = only(golden('850'));
    const group = firstGroup(ic);
    const tx = firstSet(ic);
    const twoSets = { ...group, transactions: [tx, { ...tx, control: '0002' }] };
    const body = build997({ group: twoSets, issues: [], rejectedSets: new Set(['0002']) });
    expect(segmentsToText(body, ic.delimiters)).toBe('AK1*PO*101~AK2*850*0001~AK5*A~AK2*850*0002~AK5*R~AK9*P*1*2*1~');
  });
});

describe('readable view', () => {
  it('names segments and elements and explains codes', () => {
    const view = readableTransaction(firstSet(only(golden('850'))));
    expect(view[0]).toMatchObject({ segment: 'ST', elements: [{ position: 'ST01', value: '850', meaning: 'Purchase order' }, { position: 'ST02' }] });
    expect(view.at(-1)?.segment).toBe('SE');
    const beg = view.find((s) => s.segment === 'BEG');
    expect(beg?.name).toBe('Beginning segment for purchase order');
    expect(beg?.elements).toContainEqual({ position: 'BEG02', name: 'Purchase order type code', value: 'DS', meaning: 'Drop ship' });
    expect(beg?.elements).toContainEqual({ position: 'BEG03', name: 'Purchase order number', value: 'PO4500012345' });
    expect(view.find((s) => s.segment === 'N1' && s.elements[0]?.value === 'ST')?.elements[0]?.meaning).toBe('Ship to');
    const po1 = view.find((s) => s.segment === 'PO1');
    expect(po1?.elements.find((e) => e.position === 'PO106')).toMatchObject({ value: 'UP', meaning: 'UPC (12 digits)' });
    expect(po1?.elements.find((e) => e.position === 'PO108')).toMatchObject({ name: 'Product/service ID qualifier', value: 'VN' });
    const ak5 = readableTransaction(firstSet(only(golden('997-reject-856')))).find((s) => s.segment === 'AK5');
    expect(ak5?.elements[0]?.meaning).toBe('Rejected');
  });
});

describe('846 performance smoke guard', () => {
  it('builds and writes 20,000 items well within 1.5 s', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ sku: `SKU-${i}`, upc: i % 3 === 0 ? null : String(100000000000 + i), quantity: i % 50 }));
    const started = performance.now();
    const body = build846({ reference: 'INV20260117', date: new Date('2026-01-17T06:00:00Z'), vendorRef: 'VEND0042', items });
    const text = envelope('IB', '846', '1004', '2026-01-17T06:00:00Z', body);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1500);
    const ic = only(text);
    expect(validateInterchange(ic)).toEqual([]);
    const ctt = firstSet(ic).segments.at(-1);
    expect(ctt?.elements).toEqual(['20000', String(items.reduce((t, i) => t + i.quantity, 0))]);
  });
});
