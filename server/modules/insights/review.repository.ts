import { type SQL, sql } from 'drizzle-orm';
import type { Category } from '../../../domain/catalogue';
import { busiestDay } from '../../../domain/insights';
import type { Review } from '../../../domain/insights.schemas';
import { streakWithFreezes } from '../../../domain/streak-freeze';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { readingSql } from '../reading';

type ReviewRow = {
  today: string;
  days: Record<string, number> | null;
  segments: number;
  books: number;
  category: Category | null;
};

const tz = sql`(select time_zone from u)`;
const yearStart = (year: SQL) => sql`make_timestamptz(${year}, 1, 1, 0, 0, 0, ${tz})`;

// The reader's days, books finished and favourite category in a year.
const reviewStatement = preparedStatement<{ userId: string; year: number }, ReviewRow>(
  'reader_year_review',
  (p) => {
    const since = yearStart(sql`${p.year}::int`);
    const until = yearStart(sql`${p.year}::int + 1`);
    return sql`with u as (${readersSql.timeZone(p.userId)}),
   d as (${readingSql.pagesPerDay({ userId: p.userId, timeZone: tz, since, until })})
   select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as today,
     (select jsonb_object_agg(day, pages) from d) as days,
     (select coalesce(sum(segments), 0)::int from d) as segments,
     ${readingSql.booksFinishedBetween({ userId: p.userId, since, until })} as books,
     ${readingSql.favouriteCategory({ userId: p.userId, since, until })} as category
   from u`;
  },
);

/** A reader's year in review (without its image URL), or null for an unknown reader. */
export async function yearReview(
  db: Db,
  x: { userId: string; year: number },
): Promise<Omit<Review, 'imageUrl'> | null> {
  const [row] = await reviewStatement(db, x);
  if (!row) return null;
  const days = row.days ?? {};
  const lastDay = `${x.year}-12-31` < row.today ? `${x.year}-12-31` : row.today;
  return {
    year: x.year,
    booksFinished: Number(row.books),
    pages: Object.values(days).reduce((sum, n) => sum + n, 0),
    segments: Number(row.segments),
    longestStreak: streakWithFreezes(Object.keys(days), lastDay).best,
    favouriteCategory: row.category,
    busiestDay: busiestDay(days),
  };
}
