import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ANSWER_MAX_LENGTH } from '../../../../domain/answers';
import { fill } from '../../../../domain/messages/fill';
import {
  attemptsLeftMessage,
  validationMessages as m,
  validationFlowMessages as t,
} from '../../../../domain/messages/validation';
import type { SegmentQuestion } from '../../../../domain/validation.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import type { WrongAnswer } from '../hooks/validation-flow-machine';
import { FlowDialog } from './flow-dialog';
import { ReportQuestion } from './report-question';

/**
 * The quiz (docs/architecture.md#validation-flow): the segment's one-word question, the answer
 * field (focused, labelled; Enter submits) and its submit button, disabled while the answer is
 * blank. After a wrong answer: 'Réponse incorrecte. Essayez encore !', the attempts left, and
 * « Signaler cette question » below the form.
 */
export function QuizDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed?: () => void;
  question: SegmentQuestion;
  wrong: WrongAnswer | null;
  pending: boolean;
  /** A failure the reader can retry from here (too many tries, network). */
  error: string | null;
  onSubmit: (answer: string) => void;
}) {
  const { question, wrong, pending, error } = props;
  const [answer, setAnswer] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // The server's rule (answerSchema), without loading zod into the book page for it.
  const trimmed = answer.trim();
  const blank = trimmed === '';
  const tooLong = trimmed.length > ANSWER_MAX_LENGTH;
  const valid = !blank && !tooLong;

  // A wrong answer empties the field for the next try.
  useEffect(() => {
    if (!wrong) return;
    setAnswer('');
    inputRef.current?.focus();
  }, [wrong]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid && !pending) props.onSubmit(trimmed);
  }

  return (
    <FlowDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      onClosed={props.onClosed}
      busy={pending}
      testId="quiz-dialog"
      title={fill(t.quizTitle, { segment: question.segment })}
      description={
        <p className="mt-3 font-serif text-xl leading-snug text-ink">{question.question}</p>
      }
    >
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        {wrong ? (
          <div role="alert" className="rounded-2xl bg-accent-soft p-4">
            <p className="font-semibold text-accent-strong">{m.wrongAnswer}</p>
            <p className="mt-1">{attemptsLeftMessage(wrong.attemptsLeft)}</p>
          </div>
        ) : null}
        <TextField
          ref={inputRef}
          label={t.answerLabel}
          name="answer"
          autoFocus
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="done"
          maxLength={100}
          value={answer}
          hint={blank ? m.answerRequired : t.answerHint}
          error={tooLong ? m.answerTooLong : undefined}
          onChange={(event) => setAnswer(event.target.value)}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-accent">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => props.onOpenChange(false)}
            disabled={pending}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {t.cancel}
          </button>
          <button
            type="submit"
            disabled={!valid || pending}
            aria-busy={pending || undefined}
            className={buttonClasses()}
          >
            {pending ? <Spinner /> : null}
            {pending ? t.answerPending : t.answerSubmit}
          </button>
        </div>
      </form>
      {wrong ? (
        <ReportQuestion
          key={question.questionId}
          questionId={question.questionId}
          className="mt-6 border-t border-line pt-4"
        />
      ) : null}
    </FlowDialog>
  );
}
