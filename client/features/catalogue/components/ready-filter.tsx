import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { readinessMessages as t } from '../../../../domain/messages/catalogue';

/**
 * 'Prêts à valider': a checkbox (keyboard, screen readers and the address all agree) that
 * keeps only the books whose every segment has its question (domain/readiness.ts).
 */
export function ReadyFilter(props: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { checked, onChange } = props;
  const hintId = useId();
  // The box answers the click at once; the address (the truth) follows a moment later, and
  // back or forward move the box with it.
  const [shown, setShown] = useState(checked);
  const [lastChecked, setLastChecked] = useState(checked);
  if (checked !== lastChecked) {
    setLastChecked(checked);
    setShown(checked);
  }
  return (
    <>
      <label className="inline-flex h-11 shrink-0 cursor-pointer items-center gap-2 self-start rounded-full border border-ink/25 bg-paper px-4 text-sm font-semibold select-none has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent-strong has-focus-visible:outline-3 has-focus-visible:outline-accent sm:self-auto">
        <input
          type="checkbox"
          checked={shown}
          onChange={(event) => {
            setShown(event.target.checked);
            onChange(event.target.checked);
          }}
          aria-describedby={hintId}
          className="size-4 accent-accent focus-visible:outline-none"
        />
        <BadgeCheck size={16} aria-hidden="true" />
        {t.filter}
      </label>
      {/* Outside the label: the hint describes the box, it is not part of its name. */}
      <span id={hintId} className="sr-only">
        {t.filterHint}
      </span>
    </>
  );
}
