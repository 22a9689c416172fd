import { describe, expect, it } from 'vitest';
import { acceptedVariants } from './answer-preview';
import { isCorrectAnswer } from './answers';

describe('acceptedVariants', () => {
  it('shows capitals, accents dropped, ligatures and plurals the matching accepts', () => {
    const variants = acceptedVariants('cœur');
    expect(variants).toEqual(expect.arrayContaining(['Cœur', 'CŒUR', 'coeur', 'cœurs']));
    for (const v of variants) expect(isCorrectAnswer(v, 'cœur')).toBe(true);
  });

  it('drops the plural s of an answer in the plural, and joins oe', () => {
    expect(acceptedVariants('soeurs')).toEqual(expect.arrayContaining(['soeur', 'sœurs']));
    expect(acceptedVariants('élève')).toContain('eleve');
  });

  it('promises no plural for a word under 3 letters', () => {
    expect(acceptedVariants('or').some((v) => v === 'ors' || v === 'orx')).toBe(false);
  });

  it('shows nothing for an empty answer or several words', () => {
    expect(acceptedVariants('  ')).toEqual([]);
    expect(acceptedVariants('deux mots')).toEqual([]);
  });
});
