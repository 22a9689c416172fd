import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCorrectAnswer, normalizeAnswer } from './answers';

describe('normalizeAnswer', () => {
  it.each([
    ['Éléphant', 'elephant'],
    ['  cœur ', 'coeur'],
    ['Ægypte', 'aegypte'],
    ['« Paris » !', 'paris'],
    ['l’arbre', 'larbre'],
    ["l'arbre", 'larbre'],
    ['"Moïse".', 'moise'],
    ['ÇA', 'ca'],
    ['  saint   jean ', 'saint jean'],
    ['...', ''],
  ])('%j → %j', (given, expected) => {
    expect(normalizeAnswer(given)).toBe(expected);
  });
});

describe('isCorrectAnswer', () => {
  it.each([
    ['baleine', 'baleine'],
    ['BALEINE', 'baleine'],
    ['Barabbas', 'barabbas'],
    ['elephant', 'éléphant'],
    ['Cœur', 'coeur'],
    ['coeur', 'cœur'],
    ["l'oncle", 'l’oncle'],
    [' Moab. ', 'moab'],
    ['«poisson»', 'poisson'],
    ['bijoux', 'bijou'],
    ['colombes', 'colombe'],
    ['colombe', 'colombes'],
    ['tunique', 'tuniques'],
    ['jeux', 'jeu'],
    ['ri', 'ris'],
  ])('accepts %j for %j', (given, expected) => {
    expect(isCorrectAnswer(given, expected)).toBe(true);
  });

  it.each([
    ['baleine', 'poisson'],
    ['', 'poisson'],
    ['   ', 'poisson'],
    ['!!!', 'poisson'],
    ['poissons rouges', 'poisson'],
    ['poissonss', 'poisson'],
    ['ous', 'ou'],
    ['a', 'as'],
    ['ris', 'ri'],
  ])('refuses %j for %j', (given, expected) => {
    expect(isCorrectAnswer(given, expected)).toBe(false);
  });

  const word = fc.stringMatching(/^[a-zéèêàçôîïœ]{1,12}$/);

  it('always accepts the expected word itself, whatever its case and surroundings', () => {
    fc.assert(
      fc.property(word, fc.constantFrom('', ' ', '  ', '.', '!', '«', '"'), (w, edge) => {
        expect(isCorrectAnswer(`${edge}${w.toUpperCase()}${edge}`, w)).toBe(true);
      }),
    );
  });

  it('accepts an added plural s or x exactly when the word has 3 letters or more', () => {
    fc.assert(
      fc.property(word, fc.constantFrom('s', 'x'), (w, plural) => {
        expect(isCorrectAnswer(`${w}${plural}`, w)).toBe(normalizeAnswer(w).length >= 3);
      }),
    );
  });

  it('accepts a dropped plural s or x exactly when the expected word has 3 letters or more', () => {
    fc.assert(
      fc.property(word, fc.constantFrom('s', 'x'), (w, plural) => {
        expect(isCorrectAnswer(w, `${w}${plural}`)).toBe(normalizeAnswer(w).length + 1 >= 3);
      }),
    );
  });

  it('never accepts a different word of the same length', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        fc.pre(normalizeAnswer(a) !== normalizeAnswer(b) && a.length === b.length);
        expect(isCorrectAnswer(a, b)).toBe(false);
      }),
    );
  });
});
