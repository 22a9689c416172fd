import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { SegmentSlot } from '../../../../domain/admin-books.schemas';
import {
  adminDashboardMessages as d,
  adminQuestionsMessages as m,
} from '../../../../domain/messages/admin';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { questionProposalsMessages as p } from '../../../../domain/messages/question-proposals';
import type { QuestionFigures } from '../../../../domain/question-proposals';
import { appPaths } from '../../../../domain/screen-paths';
import { AnswerPreview } from '../../../components/ui/answer-preview';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { HttpError } from '../../../lib/http-error';
import { questionFiguresText } from '../../../lib/question-figures';
import { useAdminBookWrites, useBookQuestions, useQuestionFigures } from '../api/admin-books';

const statusClasses = {
  complete: 'bg-ink text-paper',
  incomplete: 'bg-accent-soft text-accent-strong',
  missing: 'bg-paper-deep text-ink-soft',
} as const;

/** Each question's figures by id; empty while they load (or if they cannot be had). */
type FiguresById = Readonly<Record<string, QuestionFigures>>;
const noFigures: FiguresById = {};

/**
 * A book's segments, each with its question and one-word answer, and the bulk import. Under each
 * question of a pool that has been answered or reported, its figures (decision 047).
 */
export function BookQuestions({ bookId }: { bookId: string }) {
  const questions = useBookQuestions(bookId);
  const figures = useQuestionFigures(bookId).data?.figures ?? noFigures;
  if (questions.isPending) return <LoadingState text={m.loading} />;
  if (questions.isError) {
    return (
      <ErrorState title={d.loadError} retryLabel={d.retry} onRetry={() => questions.refetch()} />
    );
  }
  const { book, status, slots } = questions.data;
  const available = slots.filter((s) => !s.beyond && s.question !== null).length;
  return (
    <section aria-labelledby="admin-questions-title">
      <Link to={appPaths.admin} className="text-sm font-semibold text-accent underline">
        {m.back}
      </Link>
      <h1 id="admin-questions-title" className="mt-2 font-serif text-3xl font-semibold">
        {fill(m.title, { title: book.title })}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-3">
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${statusClasses[status]}`}
          data-testid="segment-status"
        >
          {m.status[status]}
        </span>
        <span className="text-sm text-ink-soft">
          {fill(m.progress, { available, expected: book.expectedSegments })}
        </span>
      </p>
      <ImportForm bookId={bookId} />
      <ol className="mt-6 space-y-4">
        {slots.map((slot) => (
          <li key={slot.segment}>
            <SlotForm bookId={bookId} slot={slot} figures={figures} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function SlotForm(props: { bookId: string; slot: SegmentSlot; figures: FiguresById }) {
  const { bookId, slot } = props;
  const first = slot.pool[0];
  const firstFigures = figuresText(props.figures, first?.id);
  const writes = useAdminBookWrites();
  const [question, setQuestion] = useState(slot.question ?? '');
  const [answer, setAnswer] = useState(slot.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = `segment-${slot.segment}`;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await writes.putQuestion.mutateAsync({ id: bookId, segment: slot.segment, question, answer });
      toast.success(m.saved);
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 400) setError(failure.message);
      else toast.error(m.addError);
    }
  };
  const remove = async () => {
    try {
      await writes.removeQuestion.mutateAsync({ id: bookId, segment: slot.segment });
      setQuestion('');
      setAnswer('');
      toast.success(m.removed);
    } catch {
      toast.error(m.addError);
    }
  };
  return (
    <form
      onSubmit={save}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line p-4"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {fill(m.segment, { n: slot.segment })}{' '}
        <span className="font-normal text-ink-soft">
          {slot.beyond ? m.beyond : fill(m.pages, { from: slot.from, to: slot.to })}
          {slot.question === null ? ` · ${m.empty}` : ''}
        </span>
      </h2>
      {first?.byReader ? <ByReader className="mt-1" /> : null}
      <div className="mt-3 grid gap-3 md:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor={`${id}-question`} className="block text-sm font-semibold">
            {m.question}
          </label>
          <input
            id={`${id}-question`}
            aria-describedby={firstFigures ? `${id}-figures` : undefined}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            className="mt-1 block h-11 w-full rounded-xl border border-ink/25 bg-paper px-3"
          />
        </div>
        <div>
          <label htmlFor={`${id}-answer`} className="block text-sm font-semibold">
            {m.answer}
          </label>
          <input
            id={`${id}-answer`}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            aria-describedby={`${id}-accepts`}
            className="mt-1 block h-11 w-full rounded-xl border border-ink/25 bg-paper px-3"
          />
          <AnswerPreview id={`${id}-accepts`} answer={answer} />
        </div>
      </div>
      {firstFigures ? (
        <p id={`${id}-figures`} className="mt-2 text-sm text-ink-soft break-words">
          {firstFigures}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <button
          type="submit"
          disabled={writes.putQuestion.isPending}
          className={buttonClasses({ size: 'sm' })}
        >
          {m.save}
        </button>
        {slot.question !== null ? (
          <button
            type="button"
            onClick={remove}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            {m.remove}
          </button>
        ) : null}
      </div>
      <PoolOthers id={id} slot={slot} figures={props.figures} />
    </form>
  );
}

/**
 * The segment's other approved questions (decision 045): the form above edits the first (the
 * oldest); each reader is asked one question of the pool.
 */
function PoolOthers(props: { id: string; slot: SegmentSlot; figures: FiguresById }) {
  const { id, slot, figures } = props;
  const others = slot.pool.slice(1);
  if (others.length === 0) return null;
  return (
    <div className="mt-4 border-t border-line pt-3">
      <h3 id={`${id}-pool`} className="text-sm font-semibold">
        {p.poolOthers}
      </h3>
      <ul aria-labelledby={`${id}-pool`} className="mt-2 space-y-2">
        {others.map((question) => {
          const text = figuresText(figures, question.id);
          return (
            <li key={question.id} className="text-sm break-words">
              <span>{question.question}</span>{' '}
              <span className="text-ink-soft">
                ({fill(p.reviewAnswer, { answer: question.answer })})
              </span>
              {question.byReader ? <ByReader className="ml-2" /> : null}
              {text ? <span className="block text-ink-soft">{text}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * « 24 lecteurs, 3 du premier coup, 1 joker, 0 signalement » for a question of the pool; null
 * before any answer or report, or while the figures load.
 */
function figuresText(figures: FiguresById, questionId: string | undefined): string | null {
  const found = questionId === undefined ? undefined : figures[questionId];
  return found ? questionFiguresText(found) : null;
}

/** « Proposée par un lecteur »: a question a reader wrote and others approved. */
function ByReader({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong ${className}`}
    >
      {p.byReader}
    </span>
  );
}

function ImportForm({ bookId }: { bookId: string }) {
  const writes = useAdminBookWrites();
  const [errors, setErrors] = useState<string[]>([]);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setErrors([]);
    const format = /\.csv$/i.test(file.name) || file.type === 'text/csv' ? 'csv' : 'json';
    try {
      const result = await writes.importQuestions.mutateAsync({
        id: bookId,
        format,
        content: await file.text(),
      });
      toast.success(fillPlural(result.imported, m.imported));
      for (const notice of result.notices) toast.info(notice);
    } catch (failure) {
      const details =
        failure instanceof HttpError
          ? (failure.details as { errors?: string[] } | undefined)
          : undefined;
      setErrors(
        details?.errors ?? [
          failure instanceof HttpError && failure.message ? failure.message : m.addError,
        ],
      );
    }
  };
  return (
    <details className="mt-5 rounded-2xl border border-line p-4">
      <summary className="cursor-pointer font-semibold">{m.import}</summary>
      <p className="mt-2 text-sm text-ink-soft">{m.importHelp}</p>
      <p className="mt-1 text-sm text-ink-soft">{m.segmentZeroHelp}</p>
      <label htmlFor="admin-questions-file" className="mt-3 block text-sm font-semibold">
        {m.importFile}
      </label>
      <input
        id="admin-questions-file"
        type="file"
        accept=".json,.csv,application/json,text/csv"
        disabled={writes.importQuestions.isPending}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="mt-1 block text-sm"
      />
      {errors.length > 0 ? (
        <div role="alert" className="mt-3 text-sm text-accent">
          <p className="font-semibold">{m.importFailed}</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </details>
  );
}
