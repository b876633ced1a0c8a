import { describe, expect, it } from 'vitest';
import { translateValidation } from './validation-messages';

describe('translateValidation', () => {
  it('translates the company and iLoc rules into Spanish', () => {
    expect(translateValidation('The subdomain may contain only lower-case letters, digits and hyphens', 'es')).toBe(
      'El subdominio solo puede contener letras minúsculas, dígitos y guiones',
    );
    expect(translateValidation('The country must be a two-letter ISO code', 'es')).toBe('El país debe ser un código ISO de dos letras');
    expect(translateValidation('The code may contain only letters, digits, hyphen and underscore', 'es')).toBe(
      'El código solo puede contener letras, dígitos, guion y guion bajo',
    );
  });

  it('leaves English, and messages it does not know, as they are', () => {
    expect(translateValidation('The country must be a two-letter ISO code', 'en')).toBe('The country must be a two-letter ISO code');
    expect(translateValidation('A message no table knows', 'es')).toBe('A message no table knows');
    expect(translateValidation(undefined, 'es')).toBeUndefined();
  });
});
