import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { chatLength } from '../../../../domain/chat';
import { DISCUSSION_POST_MAX } from '../../../../domain/discussions';
import { discussionMessages as m } from '../../../../domain/messages/discussions';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';

/**
 * A post's or a reply's input: 'Maximum 1 000 caractères' and a counter; Ctrl or ⌘+Enter sends
 * (a post is often several paragraphs: Enter makes a new line); nothing is sent while a send
 * runs, nor a blank or too long text. `send` resolves true when it was written (the input is
 * then emptied).
 */
export function DiscussionComposer(props: {
  send: (content: string) => Promise<boolean>;
  label: string;
  placeholder: string;
  submitLabel: string;
  autoFocus?: boolean;
  onCancel?: () => void;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // Set at once, before React renders the disabled button: two quick sends write once.
  const sending = useRef(false);
  const hintId = useId();
  const counterId = useId();
  const inputId = useId();
  const length = chatLength(text.trim());
  const tooLong = length > DISCUSSION_POST_MAX;
  const canSend = length > 0 && !tooLong && !busy;

  async function submit() {
    if (sending.current || length === 0 || tooLong) return;
    sending.current = true;
    setBusy(true);
    try {
      if (await props.send(text.trim())) setText('');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape' && props.onCancel) props.onCancel();
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    if (event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={onSubmit}>
      <label htmlFor={inputId} className="sr-only">
        {props.label}
      </label>
      <textarea
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        // biome-ignore lint/a11y/noAutofocus: the reply field opens on the reader's own press of « Répondre ».
        autoFocus={props.autoFocus}
        placeholder={props.placeholder}
        aria-describedby={`${hintId} ${counterId}`}
        aria-invalid={tooLong || undefined}
        className="block min-h-20 w-full resize-y rounded-2xl border border-ink/25 bg-paper px-4 py-3 leading-relaxed placeholder:text-ink-soft/80 focus:border-accent"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-ink-soft">
        <p id={hintId}>{m.hint}</p>
        <p id={counterId} className={tooLong ? 'font-semibold text-accent-strong' : undefined}>
          {fill(m.counter, { count: length, max: DISCUSSION_POST_MAX })}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {props.onCancel ? (
          <button
            type="button"
            onClick={props.onCancel}
            className={buttonClasses({ variant: 'ghost' })}
          >
            {m.cancel}
          </button>
        ) : null}
        <button
          type="submit"
          disabled={!canSend}
          aria-busy={busy || undefined}
          className={buttonClasses({})}
        >
          <Send size={18} aria-hidden="true" />
          {busy ? m.sending : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
