import { describe, expect, it } from 'vitest';
import { partyStrings, withPartyStrings } from './i18n';
import { addressLines } from './PartySections';
import { STAMPS } from './test-fixtures';

describe('party strings', () => {
  it('a feature gets the shared strings, section by section, with its own on top', () => {
    const merged = withPartyStrings({
      en: { fields: { address2: 'Line 2', website: 'Website' }, kinds: { remit_to: 'Remit to' } },
      es: { fields: { address2: 'Línea 2', website: 'Sitio web' }, kinds: { remit_to: 'Pagos' } },
    });
    expect(merged.en.fields).toMatchObject({ address1: 'Address', address2: 'Line 2', website: 'Website' });
    expect(merged.es.kinds).toEqual({ shipping: 'Envío', billing: 'Facturación', remit_to: 'Pagos' });
    expect((partyStrings.en.fields as Record<string, string>).address2).toBe('Address line 2');
  });
});

describe('addressLines', () => {
  const address = {
    id: 'a1', kind: 'shipping', is_default: true, first_name: 'Ada', last_name: 'Lovelace', company: 'Engines', address1: '1 Main St', address2: null,
    city: 'Austin', state: 'TX', zip: '78701', country: 'US', phone: null, ...STAMPS,
  };

  it('writes a person’s address name first, a firm’s company first, leaving blanks out', () => {
    expect(addressLines(address)).toEqual(['Ada Lovelace', 'Engines', '1 Main St', 'Austin, TX, 78701', 'US']);
    expect(addressLines(address, true)).toEqual(['Engines', 'Ada Lovelace', '1 Main St', 'Austin, TX, 78701', 'US']);
  });
});
