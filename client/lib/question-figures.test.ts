import { describe, expect, it } from 'vitest';
import { questionFiguresText } from './question-figures';

describe('questionFiguresText', () => {
  it('says each figure with its plural', () => {
    expect(questionFiguresText({ attempts: 24, firstTry: 3, jokers: 1, reports: 0 })).toBe(
      '24 lecteurs, 3 du premier coup, 1 joker, 0 signalement',
    );
    expect(questionFiguresText({ attempts: 1, firstTry: 0, jokers: 2, reports: 2 })).toBe(
      '1 lecteur, 0 du premier coup, 2 jokers, 2 signalements',
    );
  });

  it('says nothing of a question neither answered nor reported', () => {
    expect(questionFiguresText({ attempts: 0, firstTry: 0, jokers: 0, reports: 0 })).toBeNull();
    expect(questionFiguresText({ attempts: 0, firstTry: 0, jokers: 0, reports: 1 })).toBe(
      '0 lecteur, 0 du premier coup, 0 joker, 1 signalement',
    );
  });
});
