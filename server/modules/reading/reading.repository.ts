import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ImportShelf } from '../../../domain/book-import';
import type { BookCard, ReadingListItem, ReadingProgressView } from '../../../domain/books.schemas';
import { jokersAllowed } from '../../../domain/jokers';
import { pagesRead, progressPercent, readingStatus, SEGMENT_PAGES } from '../../../domain/segments';
import type { Db } from '../../db/client';
import { perExecutor } from '../../db/per-executor';
import { bookCardColumns, bookCardJoin, booksSql, toCard } from '../books';
import { readingSql } from './reading.sql';
import { readingProgress } from './reading.table';

const progressColumns = {
  status: readingProgress.status,
  segmentsValidated: readingProgress.segmentsValidated,
  currentPage: readingProgress.currentPage,
  startedAt: readingProgress.startedAt,
  completedAt: readingProgress.completedAt,
  updatedAt: readingProgress.updatedAt,
  // Table-qualified by hand: drizzle renders a bare column inside a subquery. Matched on
  // (user, book), the validations' unique index: progress_id has none, and a scan of every
  // validation per listed book made a reading list take seconds (decision 049).
  jokersUsed: readingSql.jokersUsed({
    userId: sql`"reading_progress"."user_id"`,
    bookId: sql`"reading_progress"."book_id"`,
  }),
};

type ProgressRow = {
  status: ReadingProgressView['status'];
  segmentsValidated: number;
  currentPage: number;
  startedAt: Date | null;
  completedAt: Date | null;
  updatedAt: Date;
  jokersUsed: number;
};

/** What the reader sees of a progress row, every figure derived from the validated count. */
export function toProgressView(
  row: ProgressRow,
  book: { expectedSegments: number; totalPages: number },
): ReadingProgressView {
  const done = Math.min(row.segmentsValidated, book.expectedSegments);
  return {
    status: row.status,
    segmentsValidated: done,
    currentPage: row.currentPage,
    progressPercent: progressPercent(done, book.expectedSegments),
    currentSegment: Math.min(done + 1, book.expectedSegments),
    nextSegmentPage: Math.min(SEGMENT_PAGES * (done + 1), book.totalPages),
    jokersUsed: Number(row.jokersUsed),
    jokersAllowed: jokersAllowed(book.expectedSegments),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The reader's own list shows a book they finished elsewhere (import) among the finished
 * ones until they validate a segment of it; everywhere else its status is its validations'.
 */
function readElsewhere(row: ProgressRow, readElsewhereAt: Date | null): ProgressRow {
  if (!readElsewhereAt || row.status !== 'to_read') return row;
  return { ...row, status: 'completed', completedAt: readElsewhereAt };
}

// Read on every signed-in book page: a named prepared statement, planned once per
// connection (planning this join cost more than running it), built once per database.
const progressStatement = perExecutor((db: Db) =>
  db
    .select({
      ...progressColumns,
      expectedSegments: bookCardColumns.card.expectedSegments,
      totalPages: bookCardColumns.card.totalPages,
    })
    .from(readingProgress)
    .innerJoin(...bookCardJoin(readingProgress.bookId))
    .where(
      and(
        eq(readingProgress.userId, sql.placeholder('userId')),
        eq(readingProgress.bookId, sql.placeholder('bookId')),
        isNull(readingProgress.removedAt),
      ),
    )
    .prepare('reading_progress_of'),
);

type ListEntry = { userId: string; bookId: string };

/** The reader's progress on one book, or null when it is not in their list. */
export async function findProgress(
  db: Db,
  { userId, bookId }: ListEntry,
): Promise<ReadingProgressView | null> {
  const [row] = await progressStatement(db).execute({ userId, bookId });
  return row ? toProgressView(row, row) : null;
}

/** The reader's whole list, most recently touched first, in one query. */
export async function readingList(db: Db, userId: string): Promise<ReadingListItem[]> {
  const rows = await db
    .select({
      ...progressColumns,
      book: bookCardColumns.card,
      isPublished: bookCardColumns.isPublished,
      abandonedAt: readingProgress.abandonedAt,
      readElsewhereAt: readingProgress.readElsewhereAt,
    })
    .from(readingProgress)
    .innerJoin(...bookCardJoin(readingProgress.bookId))
    .where(and(eq(readingProgress.userId, userId), isNull(readingProgress.removedAt)))
    .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.id));
  return rows.map(({ book, isPublished, abandonedAt, readElsewhereAt, ...progress }) => ({
    book: toCard(book),
    progress: toProgressView(readElsewhere(progress, readElsewhereAt), book),
    isUnavailable: !isPublished,
    isAbandoned: abandonedAt !== null,
  }));
}

/**
 * What a profile shows of a reader's books (any signed-in reader may see it): up to
 * `inProgress` books in progress, most recently read first, and the finished ones, most
 * recently completed first (up to `finished`, with their count). Two queries, in parallel.
 */
export async function profileBooks(
  db: Db,
  { userId, limits }: { userId: string; limits: { inProgress: number; finished: number } },
): Promise<{
  inProgress: { book: BookCard; progressPercent: number }[];
  finished: { count: number; books: BookCard[] };
}> {
  const [current, done] = await Promise.all([
    db
      .select({
        book: bookCardColumns.card,
        segmentsValidated: readingProgress.segmentsValidated,
      })
      .from(readingProgress)
      .innerJoin(...bookCardJoin(readingProgress.bookId))
      .where(
        and(
          eq(readingProgress.userId, userId),
          eq(readingProgress.status, 'in_progress'),
          isNull(readingProgress.removedAt),
          isNull(readingProgress.abandonedAt),
        ),
      )
      .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.id))
      .limit(limits.inProgress),
    // The count is taken before the limit (a window over every finished book).
    db
      .select({ book: bookCardColumns.card, count: sql<number>`count(*) over ()` })
      .from(readingProgress)
      .innerJoin(...bookCardJoin(readingProgress.bookId))
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.status, 'completed')))
      .orderBy(sql`${readingProgress.completedAt} desc nulls last`, desc(readingProgress.id))
      .limit(limits.finished),
  ]);
  return {
    inProgress: current.map(({ book, segmentsValidated }) => ({
      book: toCard(book),
      progressPercent: progressPercent(
        Math.min(segmentsValidated, book.expectedSegments),
        book.expectedSegments,
      ),
    })),
    finished: { count: Number(done[0]?.count ?? 0), books: done.map((r) => toCard(r.book)) },
  };
}

/**
 * Adds a book as 'to_read', or brings back one removed earlier with its progress; false
 * if it is already in the list (one row, even when raced).
 */
export async function addToList(db: Db, { userId, bookId }: ListEntry): Promise<boolean> {
  const rows = await db
    .insert(readingProgress)
    .values({ userId, bookId })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.bookId],
      set: { removedAt: null, updatedAt: sql`now()` },
      setWhere: isNotNull(readingProgress.removedAt),
    })
    .returning({ id: readingProgress.id });
  return rows.length > 0;
}

/**
 * Takes a book out of the reader's list; false if it was not there. Its validations stay:
 * they are the reader's history, and come back with the book.
 */
export async function removeFromList(db: Db, { userId, bookId }: ListEntry): Promise<boolean> {
  const rows = await db
    .update(readingProgress)
    .set({ removedAt: sql`now()` })
    .where(
      and(
        eq(readingProgress.userId, userId),
        eq(readingProgress.bookId, bookId),
        isNull(readingProgress.removedAt),
      ),
    )
    .returning({ id: readingProgress.id });
  return rows.length > 0;
}

/**
 * Puts a book of the list on the 'Abandonné' shelf (did not finish), or takes it back
 * off; its validations stay. False when the book is not in the list, or is finished.
 */
export async function setAbandoned(
  db: Db,
  { userId, bookId, abandoned }: ListEntry & { abandoned: boolean },
): Promise<boolean> {
  const rows = await db
    .update(readingProgress)
    .set({ abandonedAt: abandoned ? sql`now()` : null })
    .where(
      and(
        eq(readingProgress.userId, userId),
        eq(readingProgress.bookId, bookId),
        isNull(readingProgress.removedAt),
        sql`${readingProgress.status} <> 'completed'`,
      ),
    )
    .returning({ id: readingProgress.id });
  return rows.length > 0;
}

/**
 * Adds imported books to the reader's list in one transaction: 'to_read', 'abandoned'
 * (on the shelf of that name) or 'read' (finished elsewhere on that day: history only, no
 * validation, so the status stays 'to_read': no chat, XP, badge or count). A book already
 * listed is left as it is. Returns the book ids added.
 */
export async function importEntries(
  db: Db,
  {
    userId,
    entries,
  }: {
    userId: string;
    entries: readonly { bookId: string; shelf: ImportShelf; readOn: string | null }[];
  },
): Promise<string[]> {
  if (entries.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(readingProgress)
      .values(
        entries.map((e) => {
          const finished = e.readOn ? new Date(`${e.readOn}T12:00:00Z`) : new Date();
          return {
            userId,
            bookId: e.bookId,
            readElsewhereAt: e.shelf === 'read' ? finished : null,
            abandonedAt: e.shelf === 'abandoned' ? new Date() : null,
          };
        }),
      )
      .onConflictDoNothing()
      .returning({ bookId: readingProgress.bookId });
    return rows.map((r) => r.bookId);
  });
}

/**
 * Maintenance: recomputes every progress row from its validations (status, count, page)
 * and fixes the rows that differ. Says how many were corrected and how many failed.
 */
export async function repairAll(db: Db): Promise<{ corrected: number; errors: number }> {
  const rows = await db.execute<{
    id: string;
    validated: number;
    expected: number;
    pages: number;
    status: string;
    count: number;
    page: number;
  }>(sql`
    select p.id, p.status, p.segments_validated as count, p.current_page as page,
           b.expected_segments as expected, b.total_pages as pages,
           (select count(*)::int from reading_validations v
             where v.user_id = p.user_id and v.book_id = p.book_id) as validated
    from reading_progress p join ${booksSql.join({ alias: 'b', id: sql`p.book_id` })}`);
  let corrected = 0;
  let errors = 0;
  for (const row of rows.rows) {
    const status = readingStatus(row.validated, row.expected);
    const page = pagesRead(row.validated, row.pages);
    if (status === row.status && row.validated === row.count && page === row.page) continue;
    try {
      await db
        .update(readingProgress)
        .set({ status, segmentsValidated: row.validated, currentPage: page })
        .where(eq(readingProgress.id, row.id));
      corrected += 1;
    } catch {
      errors += 1;
    }
  }
  return { corrected, errors };
}
