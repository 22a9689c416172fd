import { CircleCheck, PartyPopper } from 'lucide-react';
import { fill } from '../../../../domain/messages/fill';
import { validationFlowMessages as t } from '../../../../domain/messages/validation';
import type { ValidatedResult } from '../../../../domain/validation.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { DialogClose } from '../../../components/ui/dialog';
import { FlowDialog } from './flow-dialog';
import { NextStep } from './next-step';
import { ReportQuestion } from './report-question';

/**
 * The success modal (docs/architecture.md#validation-flow): the segment is validated, the next
 * validation is in 30 pages, with the next segment's number (or the book is finished), and the XP
 * gained; below, « Signaler cette question » when the question asked is known.
 */
export function SuccessDialog(props: {
  open: boolean;
  onClose: () => void;
  onClosed?: () => void;
  result: ValidatedResult;
  title: string;
  /** The question the reader answered, which they may report. */
  questionId?: string | null;
}) {
  const { result, title } = props;
  const finished = result.completed || result.nextSegment === null;
  return (
    <FlowDialog
      open={props.open}
      onOpenChange={(open) => open || props.onClose()}
      onClosed={props.onClosed}
      testId="success-dialog"
      icon={finished ? <PartyPopper size={32} /> : <CircleCheck size={32} />}
      title={fill(t.successTitle, { segment: result.segment })}
      description={<NextStep result={result} title={title} />}
    >
      <div className="mt-8 flex justify-center">
        <DialogClose className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          {finished ? t.close : t.continueReading}
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
