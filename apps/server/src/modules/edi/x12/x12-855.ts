import { idPairs, isoToX12Date, x12Date, x12Number } from './x12-format';
import type { X12Segment } from './x12-types';

export interface Ack855Line {
  lineNo: string;
  quantity: number;
  uom: string;
  unitPrice: string | null;
  ids: Record<string, string>;
  /** ACK01: IA accepted, IR rejected, IB backordered, IQ quantity changed. */
  status: 'IA' | 'IR' | 'IB' | 'IQ';
  ackQuantity: number;
  /** ISO; written as ACK04 '068' (current schedule ship) + ACK05. */
  shipDate: string | null;
}

export interface Ack855Input {
  po: { poNumber: string; poDate: string | null };
  ackType: 'AD' | 'AC' | 'RJ' | 'AT';
  /** BAK04 when the PO carried no date (BAK04 is mandatory). */
  date: Date;
  lines: Ack855Line[];
}

/** 855 body: BAK, then each PO1 echoed with its ACK, then CTT (lines, sum of ordered quantities). */
export function build855(input: Ack855Input): X12Segment[] {
  const poDate = input.po.poDate ? isoToX12Date(input.po.poDate) : x12Date(input.date);
  const out: X12Segment[] = [{ id: 'BAK', elements: ['00', input.ackType, input.po.poNumber, poDate] }];
  let hash = 0;
  for (const line of input.lines) {
    out.push({
      id: 'PO1',
      elements: [line.lineNo, x12Number(line.quantity), line.uom, line.unitPrice ?? '', line.unitPrice ? 'PE' : '', ...idPairs(line.ids)],
    });
    const ack = [line.status, x12Number(line.ackQuantity), line.uom];
    if (line.shipDate) ack.push('068', isoToX12Date(line.shipDate));
    out.push({ id: 'ACK', elements: ack });
    hash += line.quantity;
  }
  out.push({ id: 'CTT', elements: [String(input.lines.length), x12Number(hash)] });
  return out;
}
