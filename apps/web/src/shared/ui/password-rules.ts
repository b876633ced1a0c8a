import { PASSWORD_MIN_LENGTH } from '@omnio/domain';

/**
 * The spec 5 password rules as individual checks, so a form can show each one live while the user
 * types. ZPassword (domain) stays the authority on submit; password-rules.test.ts keeps the two in step.
 */
export interface PasswordRule {
  key: 'minLength' | 'lower' | 'upper' | 'number' | 'special' | 'noSpaces' | 'noForbidden';
  test(value: string): boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { key: 'minLength', test: (v) => v.length >= PASSWORD_MIN_LENGTH },
  { key: 'lower', test: (v) => /[a-z]/.test(v) },
  { key: 'upper', test: (v) => /[A-Z]/.test(v) },
  { key: 'number', test: (v) => /[0-9]/.test(v) },
  { key: 'special', test: (v) => /[^A-Za-z0-9\s]/.test(v) },
  { key: 'noSpaces', test: (v) => !/\s/.test(v) },
  { key: 'noForbidden', test: (v) => !/[<>&"']/.test(v) },
];
