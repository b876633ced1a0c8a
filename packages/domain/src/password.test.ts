import { describe, expect, it } from 'vitest';
import { ZPassword } from './password';
import { ZSignup } from './schemas';

const problems = (value: string) => {
  const r = ZPassword.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('spec 5 password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(problems('Omnio#Tenant1')).toEqual([]);
  });
  it.each([
    ['Aa1#', 'at least 8 characters'],
    ['omnio#tenant1', 'upper-case'],
    ['OMNIO#TENANT1', 'lower-case'],
    ['Omnio#Tenant', 'a number'],
    ['OmnioTenant1', 'special character'],
    ['Omnio# Tenant1', 'spaces'],
    ['Omnio<Tenant1', '< > &'],
    ['Omnio"Tenant1', '< > &'],
  ])('%s breaks the rule about %s', (value, rule) => {
    expect(problems(value).join(' | ')).toContain(rule);
  });
  it('requires the confirmation to match', () => {
    const r = ZSignup.safeParse({ company_name: 'A', name: 'B', email: 'a@b.co', password: 'Omnio#Tenant1', password_confirmation: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['password_confirmation']);
  });
  it('limits signup emails to letters, digits, hyphen, underscore and period', () => {
    const base = { company_name: 'A', name: 'B', password: 'Omnio#Tenant1', password_confirmation: 'Omnio#Tenant1' };
    expect(ZSignup.safeParse({ ...base, email: 'first.last-1_x@shop.test' }).success).toBe(true);
    expect(ZSignup.safeParse({ ...base, email: 'first+tag@shop.test' }).success).toBe(false);
  });
});
