import { describe, expect, it } from 'vitest';
import { ZPassword } from '@omnio/domain';
import { PASSWORD_RULES } from './password-rules';

const SAMPLES = ['', 'a', 'A', '1', '!', ' ', 'abcdefgh', 'ABCDEFGH', 'Abcdefg1', 'Abcdef1!', 'Abc def1!', 'Abcdef1<', 'Omnio#Admin1', "Abcdef1'"];

describe('password rules', () => {
  it.each(SAMPLES)('agree with ZPassword for %j', (sample) => {
    const allMet = PASSWORD_RULES.every((rule) => rule.test(sample));
    expect(allMet).toBe(ZPassword.safeParse(sample).success);
  });

  it('count one broken rule per ZPassword message', () => {
    for (const sample of SAMPLES) {
      const broken = PASSWORD_RULES.filter((rule) => !rule.test(sample)).length;
      const result = ZPassword.safeParse(sample);
      expect(broken, sample).toBe(result.success ? 0 : result.error.issues.length);
    }
  });
});
