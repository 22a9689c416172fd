import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { GOAL_KINDS, type GoalKind } from '../../../../domain/insights';
import type { Goal } from '../../../../domain/insights.schemas';
import { fill } from '../../../../domain/messages/fill';
import { goalMessages as t } from '../../../../domain/messages/insights';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatNumber } from '../../../lib/format';
import { HttpError } from '../../../lib/http-error';
import { useSaveGoal } from '../api/insights';

/** The goal's progress: 'n livres sur N', a bar, and whether the year's pace is kept. */
export function GoalProgress({ goal }: { goal: Goal }) {
  const text = fill(t.progress[goal.kind], {
    done: formatNumber(goal.done),
    target: formatNumber(goal.target),
  });
  return (
    <div className="space-y-2" data-testid="goal-progress">
      <p className="font-serif text-xl font-semibold">{text}</p>
      <ProgressBar percent={goal.percent} label={text} size="md" />
      <p className="text-sm text-ink-soft">
        {goal.onTrack ? t.onTrack : fill(t.behind, { expected: formatNumber(goal.expected) })}
      </p>
    </div>
  );
}

/** The yearly goal on /achievements: its progress and the form that sets it. */
export function GoalCard(props: { year: number; goal: Goal | null }) {
  const { year, goal } = props;
  const id = useId();
  const [kind, setKind] = useState<GoalKind>(goal?.kind ?? 'books');
  const [target, setTarget] = useState(String(goal?.target ?? 12));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveGoal(year);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutateAsync({ kind, target: Number(target) }).then(
      () => toast.success(t.saved),
      (e: unknown) => setError(e instanceof HttpError ? e.message : t.saveFailed),
    );
  };
  const remove = () =>
    save.mutateAsync(null).then(
      () => toast.success(t.removed),
      (e: unknown) => toast.error(e instanceof HttpError ? e.message : t.saveFailed),
    );

  return (
    <div className="rounded-2xl border border-line bg-paper-deep p-4 sm:p-6">
      <h3 className="text-xl font-semibold">{fill(t.title, { year })}</h3>
      <div className="mt-3">
        {goal ? <GoalProgress goal={goal} /> : <p className="text-ink-soft">{t.none}</p>}
      </div>
      <form onSubmit={submit} className="mt-5 flex flex-wrap items-end gap-3" noValidate>
        <fieldset className="flex gap-2">
          <legend className="mb-1.5 text-sm font-semibold">{t.kindLabel}</legend>
          {GOAL_KINDS.map((k) => (
            <label
              key={k}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-ink/25 bg-paper px-3 py-2 has-[:checked]:border-accent"
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="accent-accent"
              />
              {t.kinds[k]}
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor={`${id}-target`} className="block text-sm font-semibold">
            {t.targetLabel}
          </label>
          <input
            id={`${id}-target`}
            type="number"
            inputMode="numeric"
            min={1}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1.5 block h-11 w-32 rounded-xl border border-ink/25 bg-paper px-3 text-ink"
          />
        </div>
        <button type="submit" disabled={save.isPending} className={buttonClasses({ size: 'md' })}>
          {save.isPending ? t.saving : t.save}
        </button>
        {goal ? (
          <button
            type="button"
            onClick={() => void remove()}
            disabled={save.isPending}
            className={buttonClasses({ variant: 'ghost', size: 'md' })}
          >
            {t.remove}
          </button>
        ) : null}
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-accent-strong">
          {error}
        </p>
      ) : null}
    </div>
  );
}
