import { fillPlural } from '../../domain/messages/fill';
import { questionProposalsMessages as m } from '../../domain/messages/question-proposals';
import type { QuestionFigures } from '../../domain/question-proposals';

/**
 * A question's figures in words (decision 047), for the review queue and the back office:
 * « 24 lecteurs, 3 du premier coup, 1 joker, 0 signalement ». Null while it has been neither
 * answered nor reported: there is nothing to say yet.
 */
export function questionFiguresText(figures: QuestionFigures): string | null {
  if (figures.attempts === 0 && figures.reports === 0) return null;
  return (['attempts', 'firstTry', 'jokers', 'reports'] as const)
    .map((key) => fillPlural(figures[key], m.figures[key]))
    .join(', ');
}
