import type { Category } from '../../../domain/catalogue';
import { busiestDay } from '../../../domain/insights';
import type { Review } from '../../../domain/insights.schemas';
import { streakWithFreezes } from '../../../domain/streak-freeze';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSqlText } from '../auth/auth.sql';
import { readingSqlText } from '../reading/reading.sql';

type ReviewRow = {
  today: string;
  days: Record<string, number> | null;
  segments: number;
  books: number;
  category: Category | null;
};

const tz = '(select time_zone from u)';
const yearStart = (year: string) => `make_timestamptz(${year}, 1, 1, 0, 0, 0, ${tz})`;
const since = yearStart('$2::int');
const until = yearStart('$2::int + 1');

// $1 the reader, $2 the year: the year's days, books finished and favourite category.
const reviewStatement = preparedStatement<ReviewRow>(
  'reader_year_review',
  `with u as (${readersSqlText.timeZone('$1')}),
   d as (${readingSqlText.pagesPerDay({ userId: '$1', timeZone: tz, since, until })})
   select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as today,
     (select jsonb_object_agg(day, pages) from d) as days,
     (select coalesce(sum(segments), 0)::int from d) as segments,
     ${readingSqlText.booksFinishedBetween({ userId: '$1', since, until })} as books,
     ${readingSqlText.favouriteCategory({ userId: '$1', since, until })} as category
   from u`,
);

/** A reader's year in review (without its image URL), or null for an unknown reader. */
export async function yearReview(
  db: Db,
  x: { userId: string; year: number },
): Promise<Omit<Review, 'imageUrl'> | null> {
  const [row] = await reviewStatement(db, [x.userId, x.year]);
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
