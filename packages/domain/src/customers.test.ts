import { describe, expect, it } from 'vitest';
import { customerMissing, isValidPhone, ZCustomerCreate, ZCustomerUpdate, ZIP_RE } from './customers';

describe('customer field rules (spec 5)', () => {
  it.each(['+1 (512) 555-0100', '512.555.0100', '+44 (0)20 7946 0958', '555-0100 x12', '0800 123 456 ext. 7'])('%s is a phone', (v) => {
    expect(isValidPhone(v)).toBe(true);
  });
  it.each(['12', 'call me', '+', '555-0100-', '1'.repeat(21), `${'1 '.repeat(30)}x`])('%s is not', (v) => {
    expect(isValidPhone(v)).toBe(false);
  });
  it('zips: letters and digits with inner spaces or hyphens, 3 to 10 characters', () => {
    expect(['78701', '78701-1234', 'SW1A 1AA', 'K1A 0B1', '1234 AB'].every((z) => ZIP_RE.test(z))).toBe(true);
    expect(['12', '-7870', '78701-', 'a  b', '!!!', '12345678901'].some((z) => ZIP_RE.test(z))).toBe(false);
  });

  it('blank texts are null, the country is upper-cased, the e-mail keeps its case', () => {
    const v = ZCustomerCreate.parse({ first_name: ' Ada ', last_name: '', email: 'Ada@Example.com', addresses: [{ country: 'us', city: ' ' }] });
    expect(v).toMatchObject({ first_name: 'Ada', last_name: null, email: 'Ada@Example.com', addresses: [{ kind: 'shipping', country: 'US', city: null }] });
  });

  it('a customer needs a name, e-mail or company; one default per kind in a body', () => {
    expect(ZCustomerCreate.safeParse({ phone: '512 555 0100' }).error?.issues[0]?.path).toEqual(['first_name']);
    const twice = ZCustomerUpdate.safeParse({ addresses: [{ is_default: true }, { kind: 'billing', is_default: true }, { is_default: true }] });
    expect(twice.error?.issues.map((i) => i.path.join('.'))).toEqual(['addresses.2.is_default']);
  });
});

describe('customerMissing (spec 8 customer_incomplete)', () => {
  const full = { first_name: 'Ada', address1: '1 Main St', city: 'Austin', zip: '78701', country: 'US' };
  it('names the required fields the shipping address lacks, in order', () => {
    expect(customerMissing({}, full)).toEqual([]);
    expect(customerMissing({}, { ...full, city: ' ', zip: null })).toEqual(['city', 'zip']);
    expect(customerMissing({}, null)).toEqual(['first_name', 'address1', 'city', 'zip', 'country']);
  });
  it("falls back to the customer's first name", () => {
    expect(customerMissing({ first_name: 'Ada' }, { ...full, first_name: '' })).toEqual([]);
  });
});
