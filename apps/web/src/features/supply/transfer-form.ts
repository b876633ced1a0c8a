import type { TTransferInput } from '@omnio/domain';

/** The transfer form as typed, and its rules (the server checks them again: ZTransferInput). */
export interface TransferDraft {
  from_iloc_id: string;
  to_iloc_id: string;
  estimated_delivery: string;
  notes: string;
  lines: { sku: string; quantity: string }[];
}

export const emptyTransferLine = () => ({ sku: '', quantity: '' });
export const emptyTransfer = (): TransferDraft => ({ from_iloc_id: '', to_iloc_id: '', estimated_delivery: '', notes: '', lines: [emptyTransferLine()] });

/** Problems by field path, as i18n keys under `supply:problems`. */
export function transferProblems(draft: TransferDraft): Record<string, string> {
  const out: Record<string, string> = {};
  if (!draft.from_iloc_id) out.from_iloc_id = 'required';
  if (!draft.to_iloc_id) out.to_iloc_id = 'required';
  else if (draft.to_iloc_id === draft.from_iloc_id) out.to_iloc_id = 'sameIloc';
  const filled = draft.lines.filter((l) => l.sku.trim() || l.quantity.trim());
  if (!filled.length) out.lines = 'noLines';
  draft.lines.forEach((l, i) => {
    if (!l.sku.trim() && !l.quantity.trim()) return;
    if (!l.sku.trim()) out[`lines.${i}.sku`] = 'sku';
    if (!/^\d+$/.test(l.quantity.trim()) || Number(l.quantity) <= 0) out[`lines.${i}.quantity`] = 'quantity';
  });
  return out;
}

/** The body; blank lines are left out and `lineIndex[i]` is the form row of the i-th line sent. */
export function transferBody(draft: TransferDraft): { body: TTransferInput; lineIndex: number[] } {
  const lineIndex: number[] = [];
  const lines: TTransferInput['lines'] = [];
  draft.lines.forEach((l, i) => {
    if (!l.sku.trim() && !l.quantity.trim()) return;
    lineIndex.push(i);
    lines.push({ sku: l.sku.trim(), quantity: Number(l.quantity) });
  });
  return {
    body: {
      from_iloc_id: draft.from_iloc_id,
      to_iloc_id: draft.to_iloc_id,
      estimated_delivery: draft.estimated_delivery || null,
      notes: draft.notes.trim() || null,
      lines,
    },
    lineIndex,
  };
}
