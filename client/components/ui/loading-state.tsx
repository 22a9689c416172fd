import { Spinner } from './spinner';

/** A centred spinner with its text, announced politely to screen readers. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-5 py-24 text-ink-soft"
    >
      <Spinner size={32} className="text-accent" />
      <p>{text}</p>
    </div>
  );
}
