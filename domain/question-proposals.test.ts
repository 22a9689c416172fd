import { describe, expect, it } from 'vitest';
import {
  answerInBook,
  leavesPool,
  reviewOutcome,
  sameQuestion,
  segmentReached,
} from './question-proposals';

const reader = (verdict: 'approve' | 'reject') => ({ verdict, asAdmin: false });
const admin = (verdict: 'approve' | 'reject') => ({ verdict, asAdmin: true });

describe('a proposed question’s outcome', () => {
  it('is decided by one administrator, whatever readers said', () => {
    expect(reviewOutcome([admin('approve')])).toBe('approved');
    expect(reviewOutcome([reader('reject'), admin('approve')])).toBe('approved');
    expect(reviewOutcome([reader('approve'), reader('approve'), admin('reject')])).toBe('rejected');
  });

  it('is published by two readers’ approvals with no rejection, refused by two rejections', () => {
    expect(reviewOutcome([])).toBe('pending');
    expect(reviewOutcome([reader('approve')])).toBe('pending');
    expect(reviewOutcome([reader('approve'), reader('approve')])).toBe('approved');
    expect(reviewOutcome([reader('approve'), reader('reject'), reader('approve')])).toBe('pending');
    expect(reviewOutcome([reader('reject'), reader('reject')])).toBe('rejected');
  });
});

describe('an answer found in the book’s own texts', () => {
  const book = {
    title: 'Vingt mille lieues sous les mers',
    author: 'Jules Verne',
    description: 'Le capitaine Nemo et son Nautilus, sous les océans.',
  };
  it('is refused when the title, author or presentation holds the word, folded', () => {
    expect(answerInBook('nautilus', book)).toBe(true);
    expect(answerInBook('mer', book)).toBe(true); // « mers », as an answer is checked
    expect(answerInBook('OCEANS', book)).toBe(true);
    expect(answerInBook('verne', book)).toBe(true);
  });
  it('is accepted otherwise, even as part of a longer word', () => {
    expect(answerInBook('harpon', book)).toBe(false);
    expect(answerInBook('naut', book)).toBe(false);
    expect(answerInBook('x', { ...book, description: null })).toBe(false);
  });
});

describe('proposals', () => {
  it('find the same question whatever its case, accents and final mark', () => {
    expect(sameQuestion('Qui harponne ?', 'qui HARPONNE')).toBe(true);
    expect(sameQuestion('Qui harponne ?', 'Qui rame ?')).toBe(false);
  });
  it('are open on segments read and the next one only', () => {
    expect(segmentReached({ validated: 2, expected: 5, segment: 1 })).toBe(true);
    expect(segmentReached({ validated: 2, expected: 5, segment: 3 })).toBe(true);
    expect(segmentReached({ validated: 2, expected: 5, segment: 4 })).toBe(false);
    expect(segmentReached({ validated: 5, expected: 5, segment: 6 })).toBe(false);
    expect(segmentReached({ validated: 0, expected: 5, segment: 0 })).toBe(false);
  });
});

describe('a question’s figures', () => {
  const figures = { attempts: 0, firstTry: 0, jokers: 0, reports: 0 };
  it('keep it in its pool until 20 first attempts with under 25 % right at once, or 3 reports', () => {
    expect(leavesPool({ ...figures, attempts: 19, firstTry: 0 })).toBe(false);
    expect(leavesPool({ ...figures, attempts: 20, firstTry: 4 })).toBe(true);
    expect(leavesPool({ ...figures, attempts: 20, firstTry: 5 })).toBe(false);
    expect(leavesPool({ ...figures, reports: 2 })).toBe(false);
    expect(leavesPool({ ...figures, reports: 3 })).toBe(true);
  });
});
