import { Sparkles } from 'lucide-react';
import { fill } from '../../../../domain/messages/fill';
import { validationFlowMessages as t } from '../../../../domain/messages/validation';
import type { JokerResult } from '../../../../domain/validation.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { DialogClose } from '../../../components/ui/dialog';
import { FlowDialog } from './flow-dialog';
import { NextStep } from './next-step';
import { ReportQuestion } from './report-question';

/**
 * The joker reveal (docs/architecture.md#validation-flow): the answer the joker bought, the segment
 * validated with it, and 'Continuer la lecture'. Without an answer (should not happen), the
 * product's not-found message. Below, « Signaler cette question » when the question is known.
 */
export function JokerRevealDialog(props: {
  open: boolean;
  onClose: () => void;
  onClosed?: () => void;
  result: JokerResult;
  title: string;
  /** The question the joker answered, which the reader may report. */
  questionId?: string | null;
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
      {props.questionId ? (
        <ReportQuestion
          key={props.questionId}
          questionId={props.questionId}
          className="mt-6 border-t border-line pt-4"
        />
      ) : null}
    </FlowDialog>
  );
}
