import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { scryptPasswords } from './password-hash';

describe('readers’ password hashes', () => {
  const passwords = scryptPasswords();

  it('verifies what better-auth stored before, and better-auth verifies ours', async () => {
    const stored = await hashPassword('ancien-mdp');
    expect(await passwords.verify({ hash: stored, password: 'ancien-mdp' })).toBe(true);
    expect(await passwords.verify({ hash: stored, password: 'ancien-mdP' })).toBe(false);

    const ours = await passwords.hash('nouveau-mdp');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: 'nouveau-mdp' })).toBe(true);
  });

  it('salts every hash, and treats a composed and a decomposed accent as one password', async () => {
    const [a, b] = [await passwords.hash('crème'), await passwords.hash('crème')];
    expect(a).not.toBe(b);
    expect(await passwords.verify({ hash: a, password: 'cre\u0300me' })).toBe(true);
  });

  it('refuses a damaged hash without throwing', async () => {
    for (const hash of ['', 'sans-separateur', 'abcd:', ':abcd', 'abcd:12']) {
      expect(await passwords.verify({ hash, password: 'x' })).toBe(false);
    }
  });

  it('a cheaper cost makes hashes only it verifies', async () => {
    const cheap = scryptPasswords({ N: 1024, r: 8, p: 1 });
    const hash = await cheap.hash('mdp-de-test');
    expect(await cheap.verify({ hash, password: 'mdp-de-test' })).toBe(true);
    expect(await passwords.verify({ hash, password: 'mdp-de-test' })).toBe(false);
  });
});
