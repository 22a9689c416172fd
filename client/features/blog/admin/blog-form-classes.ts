/** The classes of the post form's inputs and of their labels. */
export const fieldClasses =
  'mt-1 block w-full rounded-lg border border-ink/25 bg-paper px-3 py-2 focus-visible:outline-2 focus-visible:outline-accent';
export const labelClasses = 'block text-sm font-semibold';
