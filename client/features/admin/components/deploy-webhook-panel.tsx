import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { deployWebhookMessages as m } from '../../../../domain/messages/admin';
import { buttonClasses } from '../../../components/ui/button-styles';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/http-error';
import { deployWebhookApi } from '../api/admin-files';

/** The redeploy webhook: its URL (kept on the server) and the button that calls it. */
export function DeployWebhookPanel() {
  const client = useQueryClient();
  const stored = useQuery({ queryKey: ['admin-deploy-webhook'], queryFn: deployWebhookApi.read });
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data) setUrl(stored.data.url ?? '');
  }, [stored.data]);
  const save = useMutation({
    mutationFn: deployWebhookApi.write,
    onSuccess: (data) => client.setQueryData(['admin-deploy-webhook'], data),
  });
  const trigger = useMutation({ mutationFn: deployWebhookApi.trigger });

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync(url);
      toast.success(saved.url ? m.saved : m.cleared);
    } catch (failure) {
      setError(failure instanceof HttpError && failure.message ? failure.message : m.invalidUrl);
    }
  };
  const onTrigger = async () => {
    try {
      toast.success((await trigger.mutateAsync()).message);
    } catch (failure) {
      toast.error(
        failure instanceof HttpError && failure.status === 409 ? m.notConfigured : m.triggerError,
      );
    }
  };

  return (
    <section aria-labelledby="admin-deploy-title" className="rounded-2xl border border-line p-4">
      <h2 id="admin-deploy-title" className="font-semibold">
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{m.intro}</p>
      <form onSubmit={onSave} noValidate className="mt-3 space-y-3">
        <TextField
          label={m.urlLabel}
          type="url"
          value={url}
          placeholder="https://"
          onChange={(e) => setUrl(e.target.value)}
          error={error ?? undefined}
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={save.isPending}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {m.save}
          </button>
          <button
            type="button"
            disabled={trigger.isPending}
            onClick={onTrigger}
            className={buttonClasses({ size: 'sm' })}
          >
            {trigger.isPending ? m.triggering : m.trigger}
          </button>
        </div>
      </form>
    </section>
  );
}
