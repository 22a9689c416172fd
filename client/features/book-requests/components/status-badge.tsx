import {
  BOOK_REQUEST_STATUS_LABELS,
  BOOK_REQUEST_STATUS_TONES,
  type BookRequestStatus,
} from '../../../../domain/book-requests';

const tones = {
  green: 'bg-emerald-100 text-emerald-900',
  yellow: 'bg-amber-100 text-amber-900',
  gray: 'bg-stone-200 text-stone-800',
} as const;

/**
 * A request's status with the spec's label and colour
 * (docs/architecture.md#book-requests-and-premium).
 */
export function StatusBadge({ status }: { status: BookRequestStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tones[BOOK_REQUEST_STATUS_TONES[status]]}`}
    >
      {BOOK_REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
