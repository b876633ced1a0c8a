import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); tests may lower it through ARGON2_MEMORY_KIB.
const memoryCost = Number(process.env.ARGON2_MEMORY_KIB) || 19456;
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies; with no stored hash it still spends the same time, so unknown emails cannot be timed. A stored hash
 * argon2 cannot read is a failed sign-in, and `onError` hears why (a damaged row is not a wrong password).
 */
export async function verifyPassword(stored: string | null | undefined, password: string, onError?: (err: unknown) => void): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-Aa1!');
    await verify(await dummyHash, password).catch((err: unknown) => onError?.(err));
    return false;
  }
  return verify(stored, password).catch((err: unknown) => {
    onError?.(err);
    return false;
  });
}
