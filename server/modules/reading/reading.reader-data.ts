import { sql } from 'drizzle-orm';
import type { LibraryEntry } from '../../../domain/library-export';
import type { ReadingStatus } from '../../../domain/segments';
import { type ReaderDataExecutor, readerRows } from '../../db/reader-data';
import { booksSql } from '../books';

/** The reader's reading list and validations (account deletion and export, decision 027). */
export const readingReaderData = readerRows({
  module: 'reading',
  tables: { reading_progress: ['user_id'], reading_validations: ['user_id'] },
});

/** The reader's validated segments with their book, oldest first (the export's CSV). */
export async function readingHistoryOf(
  tx: ReaderDataExecutor,
  readerId: string,
): Promise<
  { validatedAt: string; title: string; author: string; segment: number; usedJoker: boolean }[]
> {
  const { rows } = await tx.execute<{
    validated_at: string | Date;
    title: string;
    author: string;
    segment: number;
    used_joker: boolean;
  }>(sql`
    select v.validated_at, b.title, b.author, v.segment, v.used_joker
    from reading_validations v join ${booksSql.join({ alias: 'b', id: sql`v.book_id` })}
    where v.user_id = ${readerId}::uuid
    order by v.validated_at, b.title, v.segment`);
  return rows.map((r) => ({
    validatedAt: new Date(r.validated_at).toISOString(),
    title: r.title,
    author: r.author,
    segment: Number(r.segment),
    usedJoker: r.used_joker === true,
  }));
}

/**
 * The books of the reader's list (removed ones aside, unpublished ones kept: they are still
 * theirs), most recently added first, each with its first and last validation: the library
 * exports in other services' formats. One statement.
 */
export async function libraryOf(tx: ReaderDataExecutor, readerId: string): Promise<LibraryEntry[]> {
  const { rows } = await tx.execute<{
    title: string;
    author: string;
    isbn13: string | null;
    total_pages: number;
    year: number | null;
    status: ReadingStatus;
    added_at: string | Date;
    abandoned_at: string | Date | null;
    read_elsewhere_at: string | Date | null;
    first_at: string | Date | null;
    last_at: string | Date | null;
  }>(sql`
    select b.title, b.author, b.isbn13, b.total_pages, b.year, p.status,
           p.created_at as added_at, p.abandoned_at, p.read_elsewhere_at, v.first_at, v.last_at
    from reading_progress p
    join ${booksSql.join({ alias: 'b', id: sql`p.book_id` })}
    left join lateral (
      select min(validated_at) as first_at, max(validated_at) as last_at
      from reading_validations
      where user_id = p.user_id and book_id = p.book_id
    ) v on true
    where p.user_id = ${readerId}::uuid and p.removed_at is null
    order by p.created_at desc, p.id desc`);
  const at = (value: string | Date | null) => (value === null ? null : new Date(value));
  return rows.map((r) => ({
    title: r.title,
    author: r.author,
    isbn13: r.isbn13,
    totalPages: Number(r.total_pages),
    year: r.year === null ? null : Number(r.year),
    status: r.status,
    addedAt: new Date(r.added_at),
    abandonedAt: at(r.abandoned_at),
    readElsewhereAt: at(r.read_elsewhere_at),
    firstValidatedAt: at(r.first_at),
    lastValidatedAt: at(r.last_at),
  }));
}
