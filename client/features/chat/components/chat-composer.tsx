import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX, chatLength } from '../../../../domain/chat';
import { chatMessages as m } from '../../../../domain/messages/chat';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';

/**
 * The input: 'Maximum 500 caractères' and a counter; Enter sends,
 * Shift+Enter starts a new line; nothing is sent while a send runs, nor a blank or too long
 * message. `send` resolves true when the message was written (the input is then emptied).
 */
export function ChatComposer(props: { send: (content: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // Set at once, before React renders the disabled button: two quick Enters send once.
  const sending = useRef(false);
  const hintId = useId();
  const counterId = useId();
  const inputId = useId();
  const length = chatLength(text.trim());
  const tooLong = length > CHAT_MESSAGE_MAX;
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
    // Not while an input method composes a word (Enter then picks the word).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={onSubmit} className="border-t border-line pt-4">
      <label htmlFor={inputId} className="sr-only">
        {m.inputLabel}
      </label>
      <div className="flex items-end gap-3">
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={m.placeholder}
          aria-describedby={`${hintId} ${counterId}`}
          aria-invalid={tooLong || undefined}
          className="min-h-12 flex-1 resize-y rounded-2xl border border-ink/25 bg-paper px-4 py-3 leading-relaxed placeholder:text-ink-soft/80 focus:border-accent"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-busy={busy || undefined}
          className={buttonClasses({ size: 'lg', className: 'shrink-0 px-4 sm:px-6' })}
        >
          <Send size={18} aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{busy ? m.sending : m.send}</span>
        </button>
      </div>
      <div className="mt-2 flex justify-between gap-4 text-sm text-ink-soft">
        <p id={hintId}>{m.hint}</p>
        <p id={counterId} className={tooLong ? 'font-semibold text-accent-strong' : undefined}>
          {fill(m.counter, { count: length, max: CHAT_MESSAGE_MAX })}
        </p>
      </div>
    </form>
  );
}
