import { describe, expect, it } from 'vitest';
import {
  canValidateSegment,
  readiness,
  readinessCardLabel,
  readinessCount,
  readinessNotice,
} from './readiness';

const book = (questionsReady: number, expectedSegments = 16) => ({
  questionsReady,
  expectedSegments,
});

describe('readiness', () => {
  it('is ready when every segment has its question, partial before, none at first', () => {
    expect(readiness(book(16))).toBe('ready');
    expect(readiness(book(3))).toBe('partial');
    expect(readiness(book(0))).toBe('none');
    expect(readiness(book(1, 1))).toBe('ready');
  });

  it('lets a reader validate only the segments that have their question', () => {
    expect(canValidateSegment(book(3), 3)).toBe(true);
    expect(canValidateSegment(book(3), 4)).toBe(false);
    expect(canValidateSegment(book(0), 1)).toBe(false);
    expect(canValidateSegment(book(16), 17)).toBe(false);
  });
});

describe('readiness texts', () => {
  it('labels a card in a few words, with the count when partial', () => {
    expect(readinessCardLabel(book(16))).toBe('Questions prêtes');
    expect(readinessCardLabel(book(3))).toBe('3 segments prêts sur 16');
    expect(readinessCardLabel(book(1))).toBe('1 segment prêt sur 16');
    expect(readinessCardLabel(book(0))).toBe('Questions à venir');
  });

  it('counts the segments of a ready book for its page, singular or plural', () => {
    expect(readinessCount(book(16))).toBe('16 segments prêts');
    expect(readinessCount(book(1, 1))).toBe('1 segment prêt');
    expect(readinessCount(book(3))).toBeNull();
  });

  it('tells a reader why there is no validate button yet', () => {
    expect(readinessNotice(book(0), { inList: false, nextSegment: 1 })).toBe(
      "Les questions de ce livre arrivent bientôt\u00a0: tu peux déjà l'ajouter à ta liste.",
    );
    expect(readinessNotice(book(0), { inList: true, nextSegment: 1 })).toBe(
      "Les questions de ce livre arrivent bientôt\u00a0: tu pourras valider ta lecture dès qu'elles seront prêtes.",
    );
    expect(readinessNotice(book(3), { inList: true, nextSegment: 4 })).toBe(
      "La question du segment 4 arrive bientôt\u00a0: tu pourras le valider dès qu'elle sera prête.",
    );
    expect(readinessNotice(book(3), { inList: true, nextSegment: 3 })).toBeNull();
    expect(readinessNotice(book(16), { inList: false, nextSegment: 1 })).toBeNull();
  });
});
