import type {
  EarnedRewards,
  JokerResult,
  SegmentQuestion,
  ValidatedResult,
  ValidationState,
} from '../../domain/validation.schemas';
import { aProgress } from './catalogue-fixtures';

/** Fixtures of the validation flow's component tests; override what a test is about. */
export const noRewards: EarnedRewards = {
  badges: [],
  quests: [],
  monthlyGift: false,
  xp: 0,
  levelReached: null,
};

export function aValidationState(overrides: Partial<ValidationState> = {}): ValidationState {
  return {
    segment: 1,
    expectedSegments: 5,
    completed: false,
    attemptsLeft: 3,
    lockedUntil: null,
    jokers: { used: 0, allowed: 1 },
    ...overrides,
  };
}

export function aQuestion(overrides: Partial<SegmentQuestion> = {}): SegmentQuestion {
  return {
    segment: 1,
    questionId: '3b0a5c1e-0000-4000-8000-000000000001',
    question: 'Dans quelle ville Candide subit-il un tremblement de terre ?',
    attemptsLeft: 3,
    ...overrides,
  };
}

export function aValidatedResult(overrides: Partial<ValidatedResult> = {}): ValidatedResult {
  const segment = overrides.segment ?? 1;
  return {
    correct: true,
    segment,
    nextSegment: segment + 1,
    completed: false,
    xpGained: 10,
    rewards: noRewards,
    progress: aProgress({ status: 'in_progress', segmentsValidated: segment }),
    ...overrides,
  };
}

export function aJokerResult(overrides: Partial<JokerResult> = {}): JokerResult {
  return { ...aValidatedResult(), answer: 'lisbonne', ...overrides };
}
