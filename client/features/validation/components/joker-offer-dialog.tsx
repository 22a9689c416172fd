import { type JokerCount, jokersAvailabilityText } from '../../../../domain/jokers';
import {
  attemptsLeftMessage,
  validationMessages as m,
  validationFlowMessages as t,
} from '../../../../domain/messages/validation';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { FlowDialog } from './flow-dialog';

/**
 * The joker offer, which is also its confirmation (docs/architecture.md#validation-flow): after a
 * wrong answer, when the book allows jokers and some remain; after the third, it says the attempts
 * are over instead of 'Essayez encore'. 'Utiliser un joker' spends one (the
 * answer is revealed and the segment validated); 'Non merci', Escape or a click outside end the
 * attempt without validating. 'Non merci' comes first, so it has the focus: nothing is spent by a
 * stray Enter.
 */
export function JokerOfferDialog(props: {
  open: boolean;
  onClosed?: () => void;
  attemptsLeft: number;
  jokers: JokerCount | null;
  pending: boolean;
  error: string | null;
  onUse: () => void;
  onDecline: () => void;
}) {
  const { attemptsLeft, jokers, pending, error } = props;
  return (
    <FlowDialog
      open={props.open}
      onOpenChange={(open) => open || props.onDecline()}
      onClosed={props.onClosed}
      busy={pending}
      testId="joker-offer-dialog"
      title={t.jokerOfferTitle}
      description={
        <>
          <div className="rounded-2xl bg-accent-soft p-4 text-ink">
            {/* After the third wrong answer 'Essayez encore' would contradict the lock. */}
            {attemptsLeft > 0 ? (
              <>
                <p className="font-semibold text-accent-strong">{m.wrongAnswer}</p>
                <p className="mt-1">{attemptsLeftMessage(attemptsLeft)}</p>
              </>
            ) : (
              <p className="font-semibold text-accent-strong">{m.maxAttempts}</p>
            )}
          </div>
          <p className="mt-4">{t.jokerOfferText}</p>
        </>
      }
    >
      {jokers ? <p className="mt-3 text-sm font-medium">{jokersAvailabilityText(jokers)}</p> : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-accent">
          {error}
        </p>
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={props.onDecline}
          disabled={pending}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t.jokerDecline}
        </button>
        <button
          type="button"
          onClick={props.onUse}
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonClasses()}
        >
          {pending ? <Spinner /> : null}
          {pending ? t.jokerUsing : t.jokerUse}
        </button>
      </div>
    </FlowDialog>
  );
}
