import { describe, expect, it } from 'vitest';
import { displayName, initials } from './accounts';
import { credentialsSchema, newPasswordProblem, usernameSchema } from './accounts.schemas';

const id = '1a2b3c4d-0000-4000-8000-000000000000';

describe('displayName', () => {
  it('uses the username first', () => {
    expect(displayName({ id, username: 'Alice' })).toBe('Alice');
  });
  it('ignores a blank username', () => {
    expect(displayName({ id, username: '   ' })).toBe('Lecteur 1a2b');
  });
  it("falls back on 'Lecteur' and the first 4 characters of the id", () => {
    expect(displayName({ id })).toBe('Lecteur 1a2b');
    expect(displayName({ id, username: null })).toBe('Lecteur 1a2b');
  });
  it('names a reader the same for their owner and for others: the e-mail is never used', () => {
    const own = { id, username: null, email: 'jeanne.dupont@exemple.fr' };
    expect(displayName(own)).toBe(displayName({ id, username: null }));
  });
});

describe('initials', () => {
  it.each([
    ['Alice Martin', 'AM'],
    ['jean de la fontaine', 'JF'],
    ['Zoé', 'Z'],
    ['  élodie   roux ', 'ÉR'],
    ['', '??'],
    ['   ', '??'],
    [null, '??'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('credentialsSchema', () => {
  it('trims and lowercases the e-mail', () => {
    expect(credentialsSchema.parse({ email: ' A@B.FR ', password: 'secret' })).toEqual({
      email: 'a@b.fr',
      password: 'secret',
    });
  });
  it('reports the first problem of each field in French', () => {
    const result = credentialsSchema.safeParse({ email: 'x', password: '123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Format d'email invalide",
      'Le mot de passe doit contenir au moins 6 caractères',
    ]);
  });
});

describe('newPasswordProblem', () => {
  it.each([
    ['', '', 'Veuillez remplir tous les champs'],
    ['Abcdefg1', '', 'Veuillez remplir tous les champs'],
    ['Abcdefg1', 'Abcdefg2', 'Les mots de passe ne correspondent pas'],
    ['Abc1', 'Abc1', 'Le mot de passe doit contenir au moins 8 caractères'],
    [
      'abcdefg1',
      'abcdefg1',
      'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre',
    ],
    [
      'ABCDEFG1',
      'ABCDEFG1',
      'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre',
    ],
    [
      'Abcdefgh',
      'Abcdefgh',
      'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre',
    ],
    ['Abcdefg1', 'Abcdefg1', null],
  ])('%j / %j → %s', (password, confirmation, expected) => {
    expect(newPasswordProblem(password, confirmation)).toBe(expected);
  });
});

describe('usernameSchema', () => {
  it.each([
    ['Léa', true],
    ['  Léa  ', true],
    ['Lé', false],
    ['x'.repeat(50), true],
    ['x'.repeat(51), false],
    ['Юлия', true],
    ['山田太郎', true],
    ['Nguyễn Văn', true],
  ])('%j valid: %s', (name, valid) => {
    expect(usernameSchema.safeParse(name).success).toBe(valid);
  });

  it('stores NFKC, spaces collapsed and trimmed', () => {
    expect(usernameSchema.parse('  Ｌéa\u00a0\u00a0 Ｄupont ')).toBe('Léa Dupont');
    expect(usernameSchema.parse('Le\u0301a')).toBe('Léa');
    expect(usernameSchema.parse('ﬁlou')).toBe('filou');
  });

  const problem = (name: string) => usernameSchema.safeParse(name).error?.issues[0]?.message;

  it.each([
    ['Ali\u200Bce', 'zero-width space'],
    ['Alice\u200D', 'zero-width joiner'],
    ['\u202EecilA', 'right-to-left override'],
    ['Ali\u2066ce\u2069', 'bidi isolate'],
    ['\uFEFFAlice', 'byte order mark'],
    ['Ali\u00ADce', 'soft hyphen'],
    ['Alice\u200E', 'left-to-right mark'],
    ['Alice\u3164', 'Hangul filler'],
    ['Alice\uFE0F', 'variation selector'],
    ['Ali\nce', 'line feed'],
  ])('refuses %j (%s) in French', (name) => {
    expect(problem(name)).toBe(
      'Le nom ne peut pas contenir de caractères invisibles ou de contrôle.',
    );
  });

  it('refuses combining-only and stacked marks', () => {
    expect(problem('\u0301\u0301\u0301')).toBe(
      'Le nom doit contenir au moins une lettre ou un chiffre.',
    );
    expect(problem('Ali ̀ce')).toBe('Le nom contient des accents isolés ou empilés.');
    expect(problem('Zalgo\u0336\u0337\u0338')).toBe(
      'Le nom contient des accents isolés ou empilés.',
    );
  });

  it('refuses a name mixing look-alike alphabets (a Cyrillic "а" in a Latin name)', () => {
    expect(problem('\u0430lice')).toBe(
      'Le nom ne peut pas mêler les alphabets latin, grec et cyrillique.',
    );
    expect(problem('Ομega')).toBe(
      'Le nom ne peut pas mêler les alphabets latin, grec et cyrillique.',
    );
  });
});
