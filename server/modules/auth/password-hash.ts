import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's work factors: CPU and memory (N, r) and parallelism (p). */
export type ScryptCost = { N: number; r: number; p: number };

/**
 * Readers' passwords: better-auth's own scrypt settings (N 16384, r 16, p 1: 32 MB and about
 * 170 ms of one core per hash here), in its stored form `salt:key`, so every hash it stored
 * before still verifies. Ours only so that the cost is a parameter (decision 043).
 */
export const readerPasswordCost: ScryptCost = { N: 16_384, r: 16, p: 1 };

const KEY_BYTES = 64;

/** better-auth's `password` option: hash a new password, verify one against a stored hash. */
export function scryptPasswords(cost: ScryptCost = readerPasswordCost) {
  // 128·N·r bytes are what scrypt needs; Node refuses above 32 MB unless told more.
  const options = { ...cost, maxmem: 256 * cost.N * cost.r };
  const derive = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) => {
      // NFKC: the same password typed on two keyboards (composed or not) is the same.
      scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
        error ? reject(error) : resolve(key),
      );
    });
  return {
    hash: async (password: string): Promise<string> => {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await derive(password, salt)).toString('hex')}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
      const [salt, stored] = hash.split(':');
      if (!salt || !stored) return false;
      const expected = Buffer.from(stored, 'hex');
      const actual = await derive(password, salt);
      return expected.length === actual.length && timingSafeEqual(actual, expected);
    },
  };
}
