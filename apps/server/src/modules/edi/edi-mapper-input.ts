import { fieldError } from '../../platform/http/errors';
import { read850 } from './x12/x12-850';
import { parseInterchanges } from './x12/x12-parse';
import type { X12Segment, X12Transaction } from './x12/x12-types';

const segmentObject = (s: X12Segment): Record<string, string> => {
  const out: Record<string, string> = { id: s.id };
  s.elements.forEach((value, i) => {
    out[`${s.id}${String(i + 1).padStart(2, '0')}`] = value;
  });
  return out;
};

/** The document an X12 sample or file is to a mapper (see mappers/mapper-input.ts). */
export async function x12MapperInput(text: string): Promise<unknown> {
  let interchanges;
  try {
    interchanges = parseInterchanges(text);
  } catch (err) {
    throw fieldError('content', `The X12 file could not be read: ${(err as Error).message}`);
  }
  if (!interchanges.length) throw fieldError('content', 'The file holds no X12 interchange');
  const first = interchanges[0]!;
  const transactions: Record<string, unknown>[] = [];
  for (const interchange of interchanges) {
    for (const group of interchange.groups) {
      for (const tx of group.transactions) transactions.push(transactionInput(tx, group.functionalId));
    }
  }
  return { interchange: { sender: first.senderId, receiver: first.receiverId, control: first.control }, transactions };
}

function transactionInput(tx: X12Transaction, group: string): Record<string, unknown> {
  const out: Record<string, unknown> = { set: tx.setId, control: tx.control, group, segments: tx.segments.map(segmentObject) };
  // The standard reading of an 850 (null when the set is not a usable PO), so a mapper changes only what differs.
  if (tx.setId === '850') out.po = read850(tx).po;
  return out;
}
