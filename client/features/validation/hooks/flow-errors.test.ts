import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { classifyFailure } from './flow-errors';

const http = (status: number, code: string, message: string, details?: unknown) =>
  new HttpError({ status, code, message, details });

describe('classifyFailure', () => {
  it('already validated and finished book: nothing left to do', () => {
    expect(
      classifyFailure(http(409, 'ALREADY_VALIDATED', 'Ce segment a déjà été validé'), 'x'),
    ).toEqual({ kind: 'done', message: 'Ce segment a déjà été validé' });
    expect(
      classifyFailure(http(409, 'BOOK_FINISHED', 'Vous avez déjà terminé ce livre !'), 'x').kind,
    ).toBe('done');
  });

  it('a locked segment carries the end of its lock', () => {
    const lockedUntil = '2026-03-12T18:30:00.000Z';
    const message = 'Nombre maximum de tentatives atteint. Réessayez plus tard.';
    expect(classifyFailure(http(423, 'SEGMENT_LOCKED', message, { lockedUntil }), 'x')).toEqual({
      kind: 'locked',
      message,
      lockedUntil,
    });
    // Without a readable date it cannot be counted down: an error like the others.
    expect(classifyFailure(http(423, 'SEGMENT_LOCKED', message, {}), 'x').kind).toBe('final');
  });

  it("other refusals end the flow with the server's message", () => {
    for (const [status, code, message] of [
      [404, 'NO_QUESTION', 'Aucune question trouvée pour ce segment'],
      [409, 'SEGMENT_NOT_NEXT', 'Impossible de déterminer le segment à valider'],
      [401, 'AUTH_REQUIRED', 'Vous devez être connecté pour commencer ou valider votre lecture'],
      [409, 'NO_JOKER_LEFT', 'Tous vos jokers ont été utilisés pour ce livre'],
    ] as const) {
      expect(classifyFailure(http(status, code, message), 'x')).toEqual({
        kind: 'final',
        message,
      });
    }
  });

  it('too many requests, server trouble and network failures may be retried', () => {
    expect(classifyFailure(http(429, 'RATE_LIMITED', 'Trop de tentatives.'), 'x')).toEqual({
      kind: 'retry',
      message: 'Trop de tentatives.',
    });
    expect(classifyFailure(http(503, 'INTERNAL', 'Oups'), 'Erreur de validation')).toEqual({
      kind: 'retry',
      message: 'Erreur de validation',
    });
    expect(classifyFailure(new TypeError('Failed to fetch'), 'Erreur de validation')).toEqual({
      kind: 'retry',
      message: 'Erreur de validation',
    });
  });
});
