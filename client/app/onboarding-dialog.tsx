import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { onboardingMessages as t } from '../../domain/messages/onboarding';
import { buttonClasses } from '../components/ui/button-styles';

/**
 * Three short steps explaining Lisons to a first-time visitor. Any way out (Passer, the
 * last step, Escape, a click outside) counts as seen: `onDone` remembers it.
 */
export function OnboardingDialog({ onDone }: { onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const nextRef = useRef<HTMLButtonElement>(null);
  const steps = t.steps;
  const step = steps[index] ?? steps[0];
  const isLast = index === steps.length - 1;

  return (
    <Dialog.Root
      defaultOpen
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            nextRef.current?.focus();
          }}
          className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md animate-pop-in rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:p-8"
        >
          <Dialog.Title className="font-serif text-2xl font-semibold">{t.title}</Dialog.Title>
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
            <Dialog.Description className="mt-2 text-ink-soft [text-wrap:wrap]">
              {step.text}
            </Dialog.Description>
          </div>
          <div className="mt-6 flex items-center justify-between gap-3">
            <Dialog.Close className={buttonClasses({ variant: 'ghost', size: 'md' })}>
              {t.skip}
            </Dialog.Close>
            {isLast ? (
              <Dialog.Close ref={nextRef} className={buttonClasses({ size: 'md' })}>
                {t.done}
              </Dialog.Close>
            ) : (
              <button
                ref={nextRef}
                type="button"
                className={buttonClasses({ size: 'md' })}
                onClick={() => setIndex(index + 1)}
              >
                {t.next}
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
