import { fill } from '../../../../domain/messages/fill';
import { validationFlowMessages as t } from '../../../../domain/messages/validation';
import { SEGMENT_PAGES } from '../../../../domain/segments';
import type { ValidatedResult } from '../../../../domain/validation.schemas';

/**
 * What comes after a validated segment: the next validation in 30 pages and the next
 * segment's number, or, after the last one, the book is finished. Then the XP gained.
 */
export function NextStep({
  result,
  title,
}: {
  result: Omit<ValidatedResult, 'correct'>;
  title: string;
}) {
  return (
    <div className="mt-5 rounded-2xl border border-line bg-paper-deep/60 p-5 text-center text-ink">
      {result.completed || result.nextSegment === null ? (
        <>
          <p className="font-serif text-2xl font-semibold">{t.finishedTitle}</p>
          <p className="mt-1">{fill(t.finishedText, { title })}</p>
        </>
      ) : (
        <>
          <p className="font-medium">{fill(t.successNext, { pages: SEGMENT_PAGES })}</p>
          <p className="mt-1 font-serif text-2xl font-semibold">
            {fill(t.successNextSegment, { segment: result.nextSegment })}
          </p>
        </>
      )}
      {result.xpGained > 0 ? (
        <p className="mt-3 text-lg font-semibold text-accent-strong">
          {fill(t.successXp, { xp: result.xpGained })}
        </p>
      ) : null}
    </div>
  );
}
