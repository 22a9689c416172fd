import { useId } from 'react';
import { toast } from 'sonner';
import { notificationMessages as m } from '../../../../domain/messages/notifications';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';

/**
 * The weekly digest e-mail, off until the reader turns it on (beyond the spec): a switch in
 * the profile's 'Paramètres'. It shows the saved choice; while saving it shows the new one.
 */
export function DigestEmailSetting() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const labelId = useId();
  const descriptionId = useId();
  const saved = preferences.data?.weeklyDigestEmail ?? false;
  const on = save.isPending ? (save.variables?.weeklyDigestEmail ?? saved) : saved;

  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <h2 id={labelId} className="text-lg font-semibold">
          {m.digestEmailTitle}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-ink-soft">
          {m.digestEmailDescription}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={preferences.data === undefined || save.isPending}
        onClick={() =>
          save.mutate(
            { weeklyDigestEmail: !on },
            {
              onSuccess: () => toast.success(m.preferencesSaved),
              onError: () => toast.error(m.preferencesError),
            },
          )
        }
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-accent' : 'bg-line'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-paper shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </button>
    </div>
  );
}
