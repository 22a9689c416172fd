import { useEffect, useId, useRef, useState } from 'react';
import { onboardingMessages as t } from '../../domain/messages/onboarding';
import { buttonClasses } from '../components/ui/button-styles';

/**
 * Three short steps explaining Lisons to a first-time visitor. Any way out (Passer, the
 * last step, Escape, a click outside) counts as seen: `onDone` remembers it.
 *
 * The browser's own modal dialog, not Radix's like the others: this one opens by itself
 * while a page starts, and Radix's focus trap, scroll lock and hiding of every other element
 * took 30–55 ms of main thread there, `showModal()` 6–8 ms (decision 034). The
 * browser keeps the focus inside and the rest of the page inert.
 */
export function OnboardingDialog({ onDone }: { onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const steps = t.steps;
  const step = steps[index] ?? steps[0];
  const isLast = index === steps.length - 1;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // The page behind does not scroll while the dialog is open.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    dialog.showModal();
    nextRef.current?.focus();
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way out is Escape (onCancel); this click is the backdrop's
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape: the browser would close it by itself; closing is the parent's to do.
      onCancel={(event) => {
        event.preventDefault();
        onDone();
      }}
      // The dialog element itself is only ever the target of a click on its backdrop: its
      // content fills it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onDone();
      }}
      className="fixed inset-x-4 top-auto bottom-4 m-0 mx-auto w-auto max-w-md animate-pop-in rounded-3xl border border-line bg-paper p-0 text-ink shadow-2xl outline-none backdrop:animate-fade-in backdrop:bg-ink/40 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
    >
      <div className="p-6 sm:p-8">
        <h2 id={titleId} className="font-serif text-2xl font-semibold">
          {t.title}
        </h2>
        <div className="mt-4 flex items-center gap-3">
          <p className="text-sm font-medium text-ink-soft">{t.step(index + 1, steps.length)}</p>
          <ol className="flex gap-1.5" aria-hidden="true">
            {steps.map((s, i) => (
              <li
                key={s.title}
                className={`h-1.5 rounded-full transition-all ${i === index ? 'w-6 bg-accent' : 'w-1.5 bg-line'}`}
              />
            ))}
          </ol>
        </div>
        <div aria-live="polite" className="mt-3 min-h-28">
          <h3 className="font-serif text-xl font-semibold text-accent-strong">{step.title}</h3>
          <p id={textId} className="mt-2 text-ink-soft [text-wrap:wrap]">
            {step.text}
          </p>
        </div>
        <div className="mt-6 flex items-center justify-between gap-3">
          <button
            type="button"
            className={buttonClasses({ variant: 'ghost', size: 'md' })}
            onClick={onDone}
          >
            {t.skip}
          </button>
          {/* One button for Suivant and C'est parti: the focus stays on it. */}
          <button
            ref={nextRef}
            type="button"
            className={buttonClasses({ size: 'md' })}
            onClick={isLast ? onDone : () => setIndex(index + 1)}
          >
            {isLast ? t.done : t.next}
          </button>
        </div>
      </div>
    </dialog>
  );
}
