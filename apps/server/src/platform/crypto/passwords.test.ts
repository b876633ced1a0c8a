import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('verifyPassword', () => {
  it('a right password passes and a wrong one fails, without an error to report', async () => {
    const stored = await hashPassword('Right#Pass1');
    const errors: unknown[] = [];
    expect(await verifyPassword(stored, 'Right#Pass1', (e) => errors.push(e))).toBe(true);
    expect(await verifyPassword(stored, 'Wrong#Pass1', (e) => errors.push(e))).toBe(false);
    expect(await verifyPassword(null, 'Right#Pass1', (e) => errors.push(e))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a stored hash argon2 cannot read fails the sign-in and is reported, not taken for a wrong password', async () => {
    const errors: unknown[] = [];
    expect(await verifyPassword('$argon2id$damaged', 'Right#Pass1', (e) => errors.push(e))).toBe(false);
    expect(errors).toHaveLength(1);
  });
});
