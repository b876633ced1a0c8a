import { describe, expect, it } from 'vitest';
import { protectCsvRow, protectCsvText, unprotectCsvRow, unprotectCsvText } from './csv-cells';

describe('CSV formula-injection policy', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","click")', `'=HYPERLINK("http://evil.test","click")`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-SALE-', "'-SALE-"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tindented', "'\tindented"],
    ['\rcarriage', "'\rcarriage"],
  ])('a text cell %j that a spreadsheet would run exports as %j', (text, exported) => {
    expect(protectCsvText(text)).toBe(exported);
    expect(unprotectCsvText(exported)).toBe(text);
  });

  it.each(['Trail Tee', 'TEE-RED-M', "O'Brien's mug", "'quoted", '', '1+1', 'a=b', ' =space first'])('leaves %j as it is', (text) => {
    expect(protectCsvText(text)).toBe(text);
    expect(unprotectCsvText(text)).toBe(text);
  });

  it('round-trips text that already starts with quotes before a trigger', () => {
    for (const text of ["'=x", "''-1", "'''@a"]) {
      const exported = protectCsvText(text);
      expect(exported).toBe(`'${text}`);
      expect(unprotectCsvText(exported)).toBe(text);
    }
  });

  it('on import removes one quote from a hand-written quoted formula, and only one', () => {
    expect(unprotectCsvText("'=1+1")).toBe('=1+1');
    expect(unprotectCsvText("''=1+1")).toBe("'=1+1");
    expect(unprotectCsvText("'1+1")).toBe("'1+1");
  });

  it('protects only the text columns of a row: numbers, negative numbers in numeric columns and nulls stay', () => {
    const row = { sku: '-X', name: '=cmd', qty: -5, delta: '-5', note: null };
    const out = protectCsvRow(row, ['sku', 'name', 'note']);
    expect(out).toEqual({ sku: "'-X", name: "'=cmd", qty: -5, delta: '-5', note: null });
    expect(row.name).toBe('=cmd');
    expect(unprotectCsvRow({ sku: "'-X", name: "'=cmd", quantity: "'-5" }, ['sku', 'name'])).toEqual({ sku: '-X', name: '=cmd', quantity: "'-5" });
  });
});
