import { sql } from 'drizzle-orm';
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
