import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { type ApiTokenScope, apiTokenLifetimes } from '../../../../domain/api-tokens';
import { apiTokenCreateSchema } from '../../../../domain/api-tokens.schemas';
import { apiTokenMessages as m } from '../../../../domain/messages/api-tokens';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/http-error';
import { useCreateApiToken } from '../api/api-tokens';
import { ApiTokenList } from './api-token-list';

const selectClasses =
  'mt-1.5 block h-12 w-full rounded-xl border border-ink/25 bg-paper px-4 text-base text-ink focus-visible:border-accent';

const lifetimeLabel = (days: number | null) =>
  days === null ? m.expiryNever : days === 365 ? m.expiryYear : fill(m.expiryDays, { n: days });

/**
 * Paramètres' personal API tokens (docs/architecture.md#personal-api-tokens): create one
 * (name, rights, lifetime), see its secret once, list them with their last use, revoke.
 */
export function ApiTokensCard() {
  const ids = { scope: useId(), expiry: useId() };
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState<string>('90');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const create = useCreateApiToken();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, scope, expiresInDays: days === '' ? null : Number(days) };
    const parsed = apiTokenCreateSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setCreated({ name: answer.token.name, secret: answer.secret });
        setName('');
      },
      onError: (failure) =>
        setError(failure instanceof HttpError && failure.status < 500 ? failure.message : m.failed),
    });
  };

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(m.copied);
    } catch {
      toast.error(m.copyFailed);
    }
  };

  return (
    <section aria-labelledby="jetons-api" className="space-y-4">
      <div>
        <h2 id="jetons-api" className="text-lg font-semibold">
          {m.title}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{m.lead}</p>
        <p className="mt-1 text-sm text-ink-soft">
          {m.limits}{' '}
          <a
            href="/api/docs"
            className="font-medium text-accent underline decoration-accent/40 underline-offset-4"
          >
            {m.docsLink}
          </a>
        </p>
      </div>

      {created ? (
        <div role="status" className="rounded-xl border border-accent/40 bg-paper p-4">
          <p className="font-semibold">{m.createdTitle}</p>
          <p className="mt-1 text-sm text-ink-soft">{m.createdHint}</p>
          <div className="mt-3">
            <TextField
              label={fill(m.createdLabel, { name: created.name })}
              value={created.secret}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              spellCheck={false}
            />
          </div>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => void copy(created.secret)}
              className={buttonClasses({ size: 'sm' })}
            >
              {m.copy}
            </button>
            <button
              type="button"
              onClick={() => setCreated(null)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {m.createdDone}
            </button>
          </div>
        </div>
      ) : null}

      <form onSubmit={submit} noValidate className="grid gap-3 md:grid-cols-3">
        <div className="md:col-span-3">
          <TextField
            label={m.nameLabel}
            hint={m.nameHint}
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            error={error}
          />
        </div>
        <div>
          <label htmlFor={ids.scope} className="block text-sm font-semibold">
            {m.scopeLabel}
          </label>
          <select
            id={ids.scope}
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiTokenScope)}
            className={selectClasses}
          >
            <option value="read">{m.scopeRead}</option>
            <option value="write">{m.scopeWrite}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.expiry} className="block text-sm font-semibold">
            {m.expiryLabel}
          </label>
          <select
            id={ids.expiry}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className={selectClasses}
          >
            {apiTokenLifetimes.map((lifetime) => (
              <option key={lifetime ?? 'never'} value={lifetime ?? ''}>
                {lifetimeLabel(lifetime)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <button
            type="submit"
            disabled={create.isPending}
            aria-busy={create.isPending || undefined}
            className={buttonClasses({ className: 'w-full' })}
          >
            {create.isPending ? <Spinner /> : null}
            {create.isPending ? m.creating : m.create}
          </button>
        </div>
      </form>

      <ApiTokenList />
    </section>
  );
}
