export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverted';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold leading-none no-underline transition-colors duration-150 select-none disabled:pointer-events-none disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-paper hover:bg-accent-strong',
  secondary: 'border border-ink/25 bg-paper text-ink hover:border-ink/50 hover:bg-paper-deep',
  ghost: 'text-ink hover:bg-paper-deep',
  // On an accent background.
  inverted: 'bg-paper text-accent hover:bg-paper-deep',
};

const sizes: Record<ButtonSize, string> = {
  // Inside narrow cards (a book grid has 2 columns at 375 px).
  xs: 'h-9 px-3 text-[0.8125rem]',
  sm: 'h-10 px-4 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-6 text-base',
};

/** Class names of a button, shared by <button> and links that look like one. */
export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  const { variant = 'primary', size = 'md', className } = options;
  return [base, variants[variant], sizes[size], className].filter(Boolean).join(' ');
}
