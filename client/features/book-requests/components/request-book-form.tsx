import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { bookRequestBodySchema } from '../../../../domain/book-requests.schemas';
import { bookRequestMessages as m } from '../../../../domain/messages/book-requests';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/http-error';
import { useSendBookRequest } from '../api/book-requests';

const empty = { title: '', author: '', isbn: '', reason: '' };

/** The request form: the same rules as the server, its answer shown as given. */
export function RequestBookForm({ remaining }: { remaining: number | undefined }) {
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<{ title?: string; isbn?: string }>({});
  const send = useSendBookRequest();
  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bookRequestBodySchema.safeParse(fields);
    if (!parsed.success) {
      const byField = Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0]), i.message]),
      );
      setErrors(byField);
      if (byField.title) toast.error(m.titleRequiredToast, { description: byField.title });
      return;
    }
    setErrors({});
    send.mutate(fields, {
      onSuccess: () => {
        toast.success(m.sent, { description: m.sentDetail });
        setFields(empty);
      },
      onError: (error) => {
        const status = error instanceof HttpError ? error.status : 0;
        // The spec's toasts for a session gone and for premium gone; else the server's words.
        if (status === 401) toast.error(m.signInRequiredTitle, { description: m.signInRequired });
        else if (status === 403)
          toast.error(m.premiumRequiredTitle, { description: m.premiumRequired });
        else
          toast.error(m.failedTitle, {
            description: status >= 400 && status < 500 ? error.message : m.failed,
          });
      },
    });
  };

  const full = remaining === 0;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TextField
        label={m.titleLabel}
        value={fields.title}
        onChange={set('title')}
        error={errors.title}
        required
        maxLength={300}
      />
      <TextField
        label={`${m.authorLabel} (${m.optional})`}
        value={fields.author}
        onChange={set('author')}
        maxLength={200}
      />
      <TextField
        label={`${m.isbnLabel} (${m.optional})`}
        value={fields.isbn}
        onChange={set('isbn')}
        error={errors.isbn}
        inputMode="numeric"
        maxLength={32}
      />
      <ReasonField value={fields.reason} onChange={set('reason')} />
      {full ? (
        <p role="status" className="text-sm font-medium text-accent">
          {m.limitReached}
        </p>
      ) : (
        <p className="text-sm text-ink-soft">{m.limitNote}</p>
      )}
      <button
        type="submit"
        disabled={send.isPending || full}
        aria-busy={send.isPending || undefined}
        className={buttonClasses()}
      >
        {send.isPending ? <Spinner /> : null}
        {send.isPending ? m.submitting : m.submit}
      </button>
    </form>
  );
}

function ReasonField(props: {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  return (
    <div>
      <label htmlFor="request-reason" className="block text-sm font-semibold">
        {m.reasonLabel} ({m.optional})
      </label>
      <textarea
        id="request-reason"
        value={props.value}
        onChange={props.onChange}
        maxLength={2000}
        rows={4}
        className="mt-1.5 block w-full rounded-xl border border-ink/25 bg-paper px-4 py-3 text-base focus-visible:border-accent"
      />
    </div>
  );
}
