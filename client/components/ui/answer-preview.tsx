import { acceptedVariants } from '../../../domain/answer-preview';
import { adminQuestionsMessages as m } from '../../../domain/messages/admin';

/**
 * What a reader may type and still be right, shown under a one-word answer field
 * (domain/answer-preview.ts): the back office's question form and the readers' proposals.
 */
export function AnswerPreview(props: { answer: string; id?: string; className?: string }) {
  const variants = acceptedVariants(props.answer);
  return (
    <p id={props.id} className={props.className ?? 'mt-1 text-xs text-ink-soft'}>
      {variants.length > 0 ? `${m.accepts} ${variants.join(', ')}` : m.acceptsNothing}
    </p>
  );
}
