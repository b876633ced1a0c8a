import { describe, expect, it } from 'vitest';
import { checkBoxContents, isTransitOpen, lineDiscrepancy, receiptLineOutcome, receiptStatus } from './supply-receiving';

const counts = (good: number, hold = 0, hurt = 0) => ({ good, hold, hurt });

describe('receiptLineOutcome', () => {
  it('takes received units out of transit up to what is outstanding; extra units come in without a decrement', () => {
    expect(receiptLineOutcome({ expected: 10, received: 0 }, counts(6, 1, 1), true, false)).toEqual({ units: 8, fromTransit: 8, receivedAfter: 8, shortfallOut: 0 });
    expect(receiptLineOutcome({ expected: 10, received: 8 }, counts(5), true, true)).toEqual({ units: 5, fromTransit: 2, receivedAfter: 13, shortfallOut: 0 });
  });

  it('closing a short line takes the rest out of transit; leaving it open does not', () => {
    expect(receiptLineOutcome({ expected: 10, received: 0 }, counts(7), true, true)).toEqual({ units: 7, fromTransit: 7, receivedAfter: 7, shortfallOut: 3 });
    expect(receiptLineOutcome({ expected: 10, received: 0 }, counts(7), true, false).shortfallOut).toBe(0);
    expect(receiptLineOutcome({ expected: 10, received: 4 }, counts(0), true, true)).toEqual({ units: 0, fromTransit: 0, receivedAfter: 4, shortfallOut: 6 });
  });

  it('late units of a closed (discrepancy) shipment only add: its shortfall already left transit', () => {
    expect(receiptLineOutcome({ expected: 10, received: 7 }, counts(3), false, true)).toEqual({ units: 3, fromTransit: 0, receivedAfter: 10, shortfallOut: 0 });
  });

  it('knows which statuses keep units in transit', () => {
    expect(['in_transit', 'arrived', 'processing'].every(isTransitOpen)).toBe(true);
    expect(['draft', 'discrepancy', 'complete', 'cancelled'].some(isTransitOpen)).toBe(false);
  });
});

describe('receiptStatus', () => {
  const exact = [{ expected: 5, receivedAfter: 5 }, { expected: 2, receivedAfter: 2 }];
  const short = [{ expected: 5, receivedAfter: 4 }, { expected: 2, receivedAfter: 2 }];
  const over = [{ expected: 5, receivedAfter: 6 }];
  it('complete only when every line matches exactly; a short or over line is a discrepancy', () => {
    expect(receiptStatus(exact, 'in_transit', true)).toBe('complete');
    expect(receiptStatus(short, 'arrived', true)).toBe('discrepancy');
    expect(receiptStatus(over, 'processing', true)).toBe('discrepancy');
  });
  it('close:false keeps it processing; a discrepancy stays until it matches', () => {
    expect(receiptStatus(short, 'in_transit', false)).toBe('processing');
    expect(receiptStatus(exact, 'in_transit', false)).toBe('processing');
    expect(receiptStatus(short, 'discrepancy', false)).toBe('discrepancy');
    expect(receiptStatus(exact, 'discrepancy', false)).toBe('complete');
  });
});

describe('lineDiscrepancy', () => {
  it('the full difference once closed, only the excess while open, 0 when none', () => {
    expect(lineDiscrepancy(10, 7, 'discrepancy')).toBe(-3);
    expect(lineDiscrepancy(10, 7, 'processing')).toBe(0);
    expect(lineDiscrepancy(10, 12, 'processing')).toBe(2);
    expect(lineDiscrepancy(10, 10, 'complete')).toBe(0);
  });
});

describe('checkBoxContents', () => {
  const box = (contents: { line: number; quantity: number }[]) => ({ contents });
  it('no boxes, or only empty ones: nothing to check', () => {
    expect(checkBoxContents([5], [])).toEqual({ kept: [], problems: [] });
    expect(checkBoxContents([5], [box([])])).toEqual({ kept: [], problems: [] });
  });
  it('drops empty boxes and accepts contents that add up to each line', () => {
    const r = checkBoxContents([5, 2], [box([{ line: 0, quantity: 3 }]), box([]), box([{ line: 0, quantity: 2 }, { line: 1, quantity: 2 }])]);
    expect(r.problems).toEqual([]);
    expect(r.kept.map((k) => k.index)).toEqual([0, 2]);
  });
  it('refuses boxes that do not add up, naming the lines, and contents of an unknown line', () => {
    expect(checkBoxContents([5, 2], [box([{ line: 0, quantity: 4 }])]).problems).toEqual([
      { field: 'boxes', message: "The units in boxes must equal each line's quantity (line 1: 4 of 5; line 2: 0 of 2)" },
    ]);
    expect(checkBoxContents([5], [box([{ line: 0, quantity: 5 }, { line: 3, quantity: 1 }])]).problems).toEqual([
      { field: 'boxes.0.contents.1.line', message: 'The box names a line the shipment does not have' },
    ]);
  });
});
