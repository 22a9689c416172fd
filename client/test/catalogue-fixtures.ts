import type {
  BookCard,
  BookDetail,
  ReadingListItem,
  ReadingProgressView,
} from '../../domain/books.schemas';

let counter = 0;

/** A catalogue book for component tests; each call gets its own id and slug. */
export function aBook(overrides: Partial<BookCard> = {}): BookCard {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    id: `0c9a7f3e-5b1d-4e2a-9c8b-${n}`,
    slug: `livre-${counter}`,
    title: `Livre ${counter}`,
    author: 'Voltaire',
    category: 'litterature',
    tags: ['conte philosophique', 'xviiie siècle'],
    totalPages: 150,
    expectedSegments: 5,
    coverUrl: `/covers/livre-${counter}.jpg?v=1`,
    coverWebpUrl: `/covers/livre-${counter}.webp?v=1`,
    year: 1759,
    // Every segment has its question unless a test says otherwise.
    questionsReady: overrides.expectedSegments ?? 5,
    ...overrides,
  };
}

export function aBookDetail(overrides: Partial<BookDetail> = {}): BookDetail {
  return {
    ...aBook(overrides),
    description: 'Un conte vif et féroce.',
    isPublished: true,
    questionsAvailable: 5,
    communityAdded: false,
    ...overrides,
  };
}

/** A reader's progress; `status` alone gives consistent figures for a 5-segment book. */
export function aProgress(overrides: Partial<ReadingProgressView> = {}): ReadingProgressView {
  const status = overrides.status ?? 'to_read';
  const validated =
    overrides.segmentsValidated ?? (status === 'completed' ? 5 : status === 'in_progress' ? 2 : 0);
  return {
    status,
    segmentsValidated: validated,
    currentPage: validated * 30,
    progressPercent: Math.min(100, validated * 20),
    currentSegment: Math.min(validated + 1, 5),
    nextSegmentPage: Math.min(30 * (validated + 1), 150),
    jokersUsed: 0,
    jokersAllowed: 1,
    startedAt: validated > 0 ? '2026-02-01T08:00:00.000Z' : null,
    completedAt: status === 'completed' ? '2026-03-12T18:30:00.000Z' : null,
    updatedAt: '2026-03-12T18:30:00.000Z',
    ...overrides,
  };
}

export function aListItem(
  status: ReadingProgressView['status'],
  overrides: { book?: Partial<BookCard>; progress?: Partial<ReadingProgressView> } = {},
  isUnavailable = false,
  isAbandoned = false,
): ReadingListItem {
  return {
    book: aBook(overrides.book),
    progress: aProgress({ status, ...overrides.progress }),
    isUnavailable,
    isAbandoned,
  };
}
