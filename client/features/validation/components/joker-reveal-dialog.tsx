import { Sparkles } from 'lucide-react';
import { fill } from '../../../../domain/messages/fill';
import { validationFlowMessages as t } from '../../../../domain/messages/validation';
import type { JokerResult } from '../../../../domain/validation.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { DialogClose } from '../../../components/ui/dialog';
import { FlowDialog } from './flow-dialog';
import { NextStep } from './next-step';

/**
 * The joker reveal (docs/architecture.md#validation-flow): the answer the joker bought, the segment
 * validated with it, and 'Continuer la lecture'. Without an answer (should not happen), the
 * product's not-found message.
 */
export function JokerRevealDialog(props: {
  open: boolean;
  onClose: () => void;
  onClosed?: () => void;
  result: JokerResult;
  title: string;
}) {
  const { result, title } = props;
  const answer = result.answer.trim();
  return (
    <FlowDialog
      open={props.open}
      onOpenChange={(open) => open || props.onClose()}
      onClosed={props.onClosed}
      testId="joker-reveal-dialog"
      icon={<Sparkles size={32} />}
      title={t.revealTitle}
      description={<p>{answer ? t.revealLead : t.answerMissing}</p>}
    >
      {answer ? (
        <p
          data-testid="revealed-answer"
          className="mt-4 rounded-2xl bg-accent-soft px-5 py-4 text-center font-serif text-3xl font-semibold break-words text-accent-strong"
        >
          {answer}
        </p>
      ) : null}
      <p className="mt-5 font-medium">{fill(t.revealValidated, { segment: result.segment })}</p>
      <NextStep result={result} title={title} />
      <div className="mt-8 flex justify-center">
        <DialogClose className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          {t.continueReading}
        </DialogClose>
      </div>
    </FlowDialog>
  );
}
