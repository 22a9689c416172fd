import { initials } from '../../../domain/accounts';

const sizes = {
  sm: 'size-10 text-sm',
  lg: 'size-20 text-2xl md:size-24 md:text-3xl',
} as const;

/**
 * A reader's initials in a round badge (docs/architecture.md#display-name). Decorative: the
 * name is always written next to it or in the accessible name of its button.
 */
export function Avatar({ name, size = 'sm' }: { name: string; size?: keyof typeof sizes }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-accent font-semibold leading-none text-paper ${sizes[size]}`}
    >
      {initials(name)}
    </span>
  );
}
