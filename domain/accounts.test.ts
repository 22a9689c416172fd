import { describe, expect, it } from 'vitest';
import { displayName, initials } from './accounts';
import { credentialsSchema, newPasswordProblem, usernameSchema } from './accounts.schemas';

const id = '1a2b3c4d-0000-4000-8000-000000000000';

describe('displayName', () => {
  it('uses the username first', () => {
    expect(displayName({ id, username: 'Alice', email: 'alice@exemple.fr' })).toBe('Alice');
  });
  it('cuts a long e-mail local part to 8 characters and an ellipsis', () => {
    expect(displayName({ id, username: null, email: 'jeanne.dupont@exemple.fr' })).toBe(
      'jeanne.d…',
    );
  });
  it('keeps a short local part whole, followed by an ellipsis', () => {
    expect(displayName({ id, email: 'léa@exemple.fr' })).toBe('léa…');
  });
  it('keeps exactly 8 characters whole', () => {
    expect(displayName({ id, email: 'abcdefgh@exemple.fr' })).toBe('abcdefgh…');
  });
  it('ignores a blank username', () => {
    expect(displayName({ id, username: '   ', email: 'zoe@exemple.fr' })).toBe('zoe…');
  });
  it("falls back on 'Lecteur' and the first 4 characters of the id", () => {
    expect(displayName({ id })).toBe('Lecteur 1a2b');
    expect(displayName({ id, username: null, email: null })).toBe('Lecteur 1a2b');
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
  ])('%j valid: %s', (name, valid) => {
    expect(usernameSchema.safeParse(name).success).toBe(valid);
  });
});
