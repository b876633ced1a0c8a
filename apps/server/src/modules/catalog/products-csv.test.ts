import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PRODUCT_CSV_COLUMNS } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { catalogKit, type CatalogKit, type Headers, type Page, type ProductDto, type SkuDto } from './catalog.test-kit';

let k: CatalogKit;
beforeAll(async () => {
  k = await catalogKit();
});
afterAll(() => k.close());

const HEADER = PRODUCT_CSV_COLUMNS.join(',');

function upload(csv: string | Buffer, headers: Headers, field = 'file'): Promise<LightMyRequestResponse> {
  const boundary = `----omnio${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return k.t.app.inject({ method: 'POST', url: '/api/1.0/products/import', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}
const sku = async (headers: Headers, code: string) => (await k.ok<Page<SkuDto>>(200, 'GET', `/skus?search=sku:${encodeURIComponent(code)}`, headers)).data.find((s) => s.sku === code);
const exportCsv = async (headers: Headers, query = '') => {
  const res = await k.api('GET', `/products/export${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body;
};

describe('import', () => {
  it('lands the good rows and reports the bad one with its line; nothing of the bad row is written', async () => {
    const csv = [
      HEADER,
      'Import Tee,IMP-TEE-M,Import Tee M,REGULAR,0001,0.25,Tops,Northwind,19.90,7.5,,',
      "Import Tee,IMP'BAD,Bad quote,REGULAR,,,,,,,,",
      'Import Tee,IMP-TEE-6,Six of M,PACK,,,,,,,IMP-TEE-M,6',
      'Import Tee,IMP-TEE-L,Import Tee L,,,,Tops,,21.00,,,',
    ].join('\n');
    const before = await countRows(k.t, 'skus');
    const res = await upload(csv, k.acme);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { created: 3, updated: 0, failed: 1, errors: [{ line: 3, sku: "IMP'BAD", message: expect.stringContaining('single quotes') }] },
    });
    expect(await countRows(k.t, 'skus')).toBe(before + 3);
    expect(await sku(k.acme, 'IMP-TEE-M')).toMatchObject({ weight: '0.25', barcode: '0001', prices: [{ code: 'BUY', value: '7.5' }, { code: 'RETAIL', value: '19.90' }] });
    expect((await sku(k.acme, 'IMP-TEE-6'))!.pack_of).toMatchObject({ sku: 'IMP-TEE-M', quantity: 6 });
    const products = (await k.ok<Page<ProductDto>>(200, 'GET', '/products?search=name:Import Tee&include=skus,category,brand', k.acme)).data;
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ sku_count: 3, category: { name: 'Tops' }, brand: { name: 'Northwind' } });
  });

  it('reports each kind of bad row, keeps the good ones, and a row is all or nothing', async () => {
    const csv = [
      HEADER,
      'Rows,ROW-OK-1,Fine,,,,,,1.00,,,',
      'Rows,ROW-BAD-W,Bad weight,,,heavy,,,,,,',
      'Rows,ROW-PK-BAD,Pack of nothing,PACK,,,,,,,NO-SUCH,2',
      'Rows,ROW-PK-QTY,Pack qty,PACK,,,,,,,ROW-OK-1,1',
      'Rows,ROW-SYN,Synset,SYNSET,,,,,,,,',
      'Rows,ROW-SHORT',
      'Rows,ROW-OK-1,Duplicate row is an update,,,,,,,,,',
      ',ROW-NONAME,,,,,,,,,,',
      // a new category on a failing row must not survive it
      'Rows,ROW-BAD-P,Bad price,,,,Ghost Category,,1.23456,,,',
    ].join('\r\n');
    const res = await upload(csv, k.acme);
    const report = res.json().data;
    expect(report).toMatchObject({ created: 1, updated: 1, failed: 7 });
    expect(report.errors.map((e: { line: number; sku: string }) => [e.line, e.sku])).toEqual([
      [3, 'ROW-BAD-W'], [4, 'ROW-PK-BAD'], [5, 'ROW-PK-QTY'], [6, 'ROW-SYN'], [7, 'ROW-SHORT'], [9, 'ROW-NONAME'], [10, 'ROW-BAD-P'],
    ]);
    expect(report.errors[1].message).toBe('pack_of_sku: The SKU does not exist');
    expect(report.errors[4].message).toBe('Expected 12 columns, found 2');
    expect((await sku(k.acme, 'ROW-OK-1'))!.name).toBe('Duplicate row is an update');
    expect((await k.ok<Page<unknown>>(200, 'GET', '/categories?search=name:Ghost', k.acme)).total).toBe(0);
  });

  it('updates an existing SKU by code and keeps the price codes a CSV cannot express', async () => {
    await k.ok(201, 'POST', '/skus', k.acme, { sku: 'UPD-1', name: 'Before', prices: [{ code: 'WHOLE', value: '4.40' }, { code: 'RETAIL', value: '9.00' }] });
    const res = await upload(`${HEADER}\n,UPD-1,After,,,,,,9.50,,,\n`, k.acme);
    expect(res.json().data).toMatchObject({ created: 0, updated: 1, failed: 0 });
    expect(await sku(k.acme, 'UPD-1')).toMatchObject({ name: 'After', prices: [{ code: 'WHOLE', value: '4.40' }, { code: 'RETAIL', value: '9.50' }] });
  });

  it.each([
    ['no file field', () => upload(`${HEADER}\n`, k.acme, 'other')],
    ['unknown columns', () => upload('sku,colour\nA,red\n', k.acme)],
    ['no sku column', () => upload('product_name\nX\n', k.acme)],
    ['not CSV (an unclosed quote)', () => upload(`${HEADER}\n"Open,A,B\n`, k.acme)],
    ['an empty file', () => upload('', k.acme)],
  ])('%s → 422 on file, nothing written', async (_name, send) => {
    const before = await countRows(k.t, 'skus');
    const res = await send();
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty(['file']);
    expect(await countRows(k.t, 'skus')).toBe(before);
  });

  it('a JSON body is a 415 JSON answer, a file over 10 MiB is 413', async () => {
    const json = await k.api('POST', '/products/import', k.acme, { file: 'x' });
    // Not multipart: 415 Unsupported Media Type, with a message that says what to send.
    expect(json.statusCode, json.body).toBe(415);
    expect(json.json()).toEqual({ message: 'Send the file as multipart/form-data' });
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), k.acme);
    expect(big.statusCode).toBe(413);
  });
});

describe('export', () => {
  it('writes the import columns, and a file exported from Acme imports into Globex as the same catalog', async () => {
    await k.ok(201, 'POST', '/products', k.acme, {
      name: 'Round Trip, "Quoted"', skus: [
        { sku: 'RT-1', name: 'Round one', barcode: '00123', weight: '1.500', prices: [{ code: 'RETAIL', value: '10.10' }, { code: 'BUY', value: '3' }] },
        { sku: 'RT-1-4', name: 'Four', type: 'PACK', pack_of: { sku: 'RT-1', quantity: 4 } },
      ],
    });
    const acmeCsv = await exportCsv(k.acme);
    expect(acmeCsv.split('\n')[0]).toBe(HEADER);
    expect(acmeCsv).toContain('"Round Trip, ""Quoted""",RT-1,Round one,REGULAR,00123,1.500,,,10.10,3,,');
    expect(acmeCsv).toContain('"Round Trip, ""Quoted""",RT-1-4,Four,PACK,,,,,,,RT-1,4');
    const res = await upload(acmeCsv, k.globex);
    expect(res.json().data).toMatchObject({ failed: 0, updated: 0 });
    expect(await exportCsv(k.globex)).toBe(acmeCsv);
    // and importing it again changes nothing
    expect((await upload(acmeCsv, k.globex)).json().data).toMatchObject({ created: 0, failed: 0 });
    expect(await exportCsv(k.globex)).toBe(acmeCsv);
  });

  it('quotes text cells a spreadsheet would run (never numbers), and the file imports back exactly', async () => {
    const name = '=HYPERLINK("http://evil.test","Click")';
    await k.ok(201, 'POST', '/products', k.acme, {
      name, skus: [{ sku: '+INJ-1', name: '@SUM(A1:A9)', barcode: '-0042', weight: '0.5', prices: [{ code: 'RETAIL', value: '5.00' }] }],
    });
    const csv = await exportCsv(k.acme, '?search=sku:%2BINJ-1');
    const line = `"'=HYPERLINK(""http://evil.test"",""Click"")",'+INJ-1,'@SUM(A1:A9),REGULAR,'-0042,0.5,,,5.00,,,`;
    expect(csv.trim().split('\n')).toEqual([HEADER, line]);

    const res = await upload(csv, k.globex);
    expect(res.json().data).toMatchObject({ created: 1, failed: 0 });
    expect(await sku(k.globex, '+INJ-1')).toMatchObject({ name: '@SUM(A1:A9)', barcode: '-0042', weight: '0.5' });
    const products = (await k.ok<Page<ProductDto>>(200, 'GET', '/products?search=sku:%2BINJ-1', k.globex)).data;
    expect(products.map((p) => p.name)).toEqual([name]);
    expect(await exportCsv(k.globex, '?search=sku:%2BINJ-1')).toBe(csv);
  });

  it('on import removes the one quote of a hand-written quoted formula, and keeps other quotes', async () => {
    const res = await upload(`${HEADER}\n'=1+1,QUOTE-1,'Tis the season,,,,,,,,,\n`, k.acme);
    expect(res.json().data).toMatchObject({ created: 1, failed: 0 });
    expect(await sku(k.acme, 'QUOTE-1')).toMatchObject({ name: "'Tis the season" });
    const products = (await k.ok<Page<ProductDto>>(200, 'GET', '/products?search=sku:QUOTE-1', k.acme)).data;
    expect(products.map((p) => p.name)).toEqual(['=1+1']);
  });

  it('follows the products search', async () => {
    const csv = await exportCsv(k.acme, '?search=sku:RT-1');
    expect(csv.trim().split('\n')).toHaveLength(3);
  });
});

describe('access', () => {
  it('a supplier gets 403 on import and export; Globex never sees Acme rows', async () => {
    const before = await countRows(k.t, 'skus');
    expect((await upload(`${HEADER}\n,SUP-1,x,,,,,,,,,\n`, k.supplier)).statusCode).toBe(403);
    expect((await k.api('GET', '/products/export', k.supplier)).statusCode).toBe(403);
    expect(await countRows(k.t, 'skus')).toBe(before);
    await k.ok(201, 'POST', '/skus', k.acme, { sku: 'ACME-ONLY', name: 'Acme only' });
    expect(await exportCsv(k.acme)).toContain('ACME-ONLY');
    expect(await exportCsv(k.globex)).not.toContain('ACME-ONLY');
  });
});
