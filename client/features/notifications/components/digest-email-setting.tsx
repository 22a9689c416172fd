import { useId } from 'react';
import { toast } from 'sonner';
import { notificationMessages as m } from '../../../../domain/messages/notifications';
import type { NotificationPreferences } from '../../../../domain/notifications.schemas';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';

/**
 * One of the reader's notification choices as a switch in the profile's 'Paramètres': it shows
 * the saved choice (its default until known); while saving it shows the new one. Only the
 * choice changed is sent.
 */
function PreferenceSwitch(props: {
  name: keyof NotificationPreferences;
  fallback: boolean;
  title: string;
  description: string;
}) {
  const { name } = props;
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const labelId = useId();
  const descriptionId = useId();
  const saved = preferences.data?.[name] ?? props.fallback;
  const on = save.isPending ? (save.variables?.[name] ?? saved) : saved;

  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <h2 id={labelId} className="text-lg font-semibold">
          {props.title}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-ink-soft">
          {props.description}
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
            { [name]: !on },
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

/** The weekly digest e-mail, off until the reader turns it on (beyond the spec). */
export function DigestEmailSetting() {
  return (
    <PreferenceSwitch
      name="weeklyDigestEmail"
      fallback={false}
      title={m.digestEmailTitle}
      description={m.digestEmailDescription}
    />
  );
}

/** A notification when someone replies to the reader's post in a discussion, on by default. */
export function DiscussionRepliesSetting() {
  return (
    <PreferenceSwitch
      name="discussionReplies"
      fallback={true}
      title={m.discussionRepliesTitle}
      description={m.discussionRepliesDescription}
    />
  );
}

/** Every notification choice, one under the other. */
export function NotificationSettings() {
  return (
    <div className="flex flex-col gap-6">
      <DigestEmailSetting />
      <DiscussionRepliesSetting />
    </div>
  );
}
