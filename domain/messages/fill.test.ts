import { describe, expect, it } from 'vitest';
import { fill, fillPlural } from './fill';
import { attemptsLeftMessage } from './validation';

describe('fill', () => {
  it('replaces known placeholders and leaves unknown ones', () => {
    expect(fill('{a} et {b}', { a: 1 })).toBe('1 et {b}');
  });
});

describe('fillPlural', () => {
  const forms = { one: '{n} livre de {author}', many: '{n} livres de {author}' };

  it('takes the singular for 0 and 1, the plural from 2, as French does', () => {
    expect(fillPlural(0, forms, { author: 'Zola' })).toBe('0 livre de Zola');
    expect(fillPlural(1, forms, { author: 'Zola' })).toBe('1 livre de Zola');
    expect(fillPlural(2, forms, { author: 'Zola' })).toBe('2 livres de Zola');
  });
});

describe('attempts left (the spec’s placeholder ‘tentative(s)’ resolved)', () => {
  it('says 1 tentative, 2 tentatives', () => {
    expect(attemptsLeftMessage(1)).toBe('Il vous reste 1 tentative.');
    expect(attemptsLeftMessage(2)).toBe('Il vous reste 2 tentatives.');
  });
});
