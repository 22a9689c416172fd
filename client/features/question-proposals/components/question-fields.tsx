import type { RefObject } from 'react';
import { questionProposalsMessages as m } from '../../../../domain/messages/question-proposals';
import { AnswerPreview } from '../../../components/ui/answer-preview';
import { TextField } from '../../../components/ui/text-field';

export type QuestionValues = { question: string; answer: string; location: string };
export type QuestionField = keyof QuestionValues;
export const questionFieldOrder: readonly QuestionField[] = ['question', 'answer', 'location'];
export const emptyQuestion: QuestionValues = { question: '', answer: '', location: '' };

export type QuestionFieldRefs = RefObject<Partial<Record<QuestionField, HTMLInputElement | null>>>;

/**
 * The three fields of a question a reader writes or corrects: the question, its one-word answer
 * (with what a reader may type and still be right, as the back office shows it) and where the
 * answer is. Errors are shown on their field.
 */
export function QuestionFields(props: {
  values: QuestionValues;
  errors: Partial<Record<string, string>>;
  onChange: (field: QuestionField, value: string) => void;
  disabled?: boolean;
  /** Filled with each field's input, to focus the first one in error. */
  fieldRefs: QuestionFieldRefs;
}) {
  const { values, errors, onChange, disabled, fieldRefs } = props;
  const ref = (field: QuestionField) => (input: HTMLInputElement | null) => {
    fieldRefs.current[field] = input;
  };
  return (
    <div className="space-y-4">
      <TextField
        ref={ref('question')}
        label={m.fields.question}
        hint={m.fields.questionHint}
        value={values.question}
        onChange={(e) => onChange('question', e.target.value)}
        error={errors.question}
        disabled={disabled}
        autoComplete="off"
      />
      <TextField
        ref={ref('answer')}
        label={m.fields.answer}
        value={values.answer}
        onChange={(e) => onChange('answer', e.target.value)}
        error={errors.answer}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        note={<AnswerPreview answer={values.answer} className="text-sm text-ink-soft" />}
      />
      <TextField
        ref={ref('location')}
        label={m.fields.location}
        hint={m.fields.locationHint}
        value={values.location}
        onChange={(e) => onChange('location', e.target.value)}
        error={errors.location}
        disabled={disabled}
        autoComplete="off"
      />
    </div>
  );
}

/** Focuses the first field that has an error, in the form's order. */
export function focusFirstError(
  errors: Partial<Record<string, string>>,
  fieldRefs: QuestionFieldRefs,
): boolean {
  const field = questionFieldOrder.find((name) => errors[name]);
  if (!field) return false;
  fieldRefs.current[field]?.focus();
  return true;
}
