import { describe, expect, it } from 'vitest';
import { ZProductForm, emptySkuRow, formFieldOf, toProductBody, type ProductFormInput } from './schemas';

function form(overrides: Partial<ProductFormInput> = {}): ProductFormInput {
  return {
    name: 'Tee', description: '', category_id: '', brand: '',
    skus: [{ ...emptySkuRow(), sku: 'TEE-M', name: 'Tee M' }],
    ...overrides,
  };
}

const messages = (input: ProductFormInput) => {
  const result = ZProductForm.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('product form schema (spec 5 through @omnio/domain)', () => {
  it('accepts a plain product', () => {
    expect(messages(form())).toEqual({});
  });

  it('rejects single quotes and spaces in SKU codes, aliases included', () => {
    const errors = messages(form({ skus: [{ ...emptySkuRow(), sku: "TEE'M", name: 'x', aliases: 'OK-1, BAD ALIAS' }] }));
    expect(errors['skus.0.sku']).toBe('The SKU cannot contain single quotes');
    expect(errors['skus.0.aliases']).toBe('validation.alias');
    expect(messages(form({ skus: [{ ...emptySkuRow(), sku: 'TEE M', name: 'x' }] }))['skus.0.sku']).toBe('The SKU cannot contain spaces');
  });

  it('requires names and at least one SKU', () => {
    expect(messages(form({ name: ' ', skus: [] }))).toEqual({ name: 'The name is required', skus: 'A product needs at least one SKU' });
  });

  it('wants prices and weights ≥ 0 with bounded decimals, blank meaning none', () => {
    const row = { ...emptySkuRow(), sku: 'A', name: 'A', weight: '1.2345', prices: { RETAIL: '-1', BUY: '2.12345', WHOLE: '3.1234', WTDAVGCOST: '' } };
    const errors = messages(form({ skus: [row] }));
    expect(errors['skus.0.weight']).toMatch(/at most 3 decimals/);
    expect(errors['skus.0.prices.RETAIL']).toMatch(/≥ 0/);
    expect(errors['skus.0.prices.BUY']).toMatch(/at most 4 decimals/);
    expect(errors['skus.0.prices.WHOLE']).toBeUndefined();
  });

  it('wants a pack of a whole quantity ≥ 2 of another, regular SKU', () => {
    const base = { ...emptySkuRow(), sku: 'TEE', name: 'Tee' };
    const pack = (pack_sku: string, pack_quantity: string) => ({ ...emptySkuRow(), sku: 'TEE-6', name: 'Six', type: 'PACK' as const, pack_sku, pack_quantity });
    expect(messages(form({ skus: [base, pack('TEE', '1.5')] }))['skus.1.pack_quantity']).toBe('The pack quantity must be a whole number');
    expect(messages(form({ skus: [base, pack('TEE', '1')] }))['skus.1.pack_quantity']).toBe('A pack holds at least 2 units');
    expect(messages(form({ skus: [base, pack('', '6')] }))['skus.1.pack_sku']).toBe('validation.packSkuRequired');
    expect(messages(form({ skus: [base, pack('TEE-6', '6')] }))['skus.1.pack_sku']).toBe('A pack cannot be made of itself');
    expect(messages(form({ skus: [base, pack('TEE', '6')] }))).toEqual({});
  });

  it('reports a code used twice in one product', () => {
    const errors = messages(form({ skus: [{ ...emptySkuRow(), sku: 'A', name: 'A' }, { ...emptySkuRow(), sku: 'B', name: 'B', aliases: 'A' }] }));
    expect(errors['skus.1.sku']).toBe('The SKU is repeated in this product');
  });
});

describe('toProductBody and formFieldOf', () => {
  const values = ZProductForm.parse(
    form({
      skus: [
        { ...emptySkuRow(), id: '11111111-1111-4111-8111-111111111111', sku: 'A', name: 'A', prices: { RETAIL: '', BUY: '4.5', WHOLE: '', WTDAVGCOST: '3' } },
        { ...emptySkuRow(), sku: 'A-6', name: 'Six', type: 'PACK', pack_sku: 'A', pack_quantity: '6', aliases: 'X-1, X-2' },
      ],
    }),
  );

  it('clears blank fields of saved SKUs and leaves them out of new ones', () => {
    const body = toProductBody(values, null, true);
    expect(body.skus[0]).toMatchObject({ id: '11111111-1111-4111-8111-111111111111', barcode: null, weight: null, prices: [{ code: 'BUY', value: '4.5' }, { code: 'WTDAVGCOST', value: '3' }] });
    expect(body.skus[1]).toEqual({ sku: 'A-6', name: 'Six', type: 'PACK', prices: [], aliases: [{ alias: 'X-1' }, { alias: 'X-2' }], pack_of: { sku: 'A', quantity: 6 } });
    expect(body.description).toBeNull();
  });

  it('maps server keys onto the inputs', () => {
    const body = toProductBody(values, null, true);
    expect(formFieldOf('skus.0.prices.1.value', body)).toBe('skus.0.prices.WTDAVGCOST');
    expect(formFieldOf('skus.1.pack_of.quantity', body)).toBe('skus.1.pack_quantity');
    expect(formFieldOf('skus.1.aliases.0.alias', body)).toBe('skus.1.aliases');
    expect(formFieldOf('brand_id', body)).toBe('brand');
    expect(formFieldOf('confirm', body)).toBeNull();
  });
});
