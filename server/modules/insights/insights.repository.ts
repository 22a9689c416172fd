import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Category } from '../../../domain/catalogue';
import {
  type GoalKind,
  goalProgress,
  pagesByPeriod,
  projectedFinish,
  recentPace,
} from '../../../domain/insights';
import type { Goal, Insights } from '../../../domain/insights.schemas';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { readingSql } from '../reading';
import { readingGoals } from './insights.table';

// Reads over the reading module's rows through its SQL fragments (one owner per table); the
// goals table is this module's own.

type InsightsRow = {
  today: string;
  year: number;
  days: Record<string, number> | null;
  categories: { category: Category; books: number }[] | null;
  in_progress: { book_id: string; slug: string; title: string; pages_left: number }[] | null;
  goal: { kind: GoalKind; target: number } | null;
  books_this_year: number;
};

const tz = sql`(select time_zone from u)`;
const yearStart = (year: SQL) => sql`make_timestamptz(${year}, 1, 1, 0, 0, 0, ${tz})`;

// The reader's calendar, charts, categories, books in progress and this year's goal in one
// statement. The days cover 380 days back: the calendar's 53 weeks and this year.
const insightsStatement = preparedStatement<{ userId: string }, InsightsRow>(
  'reader_insights',
  (p) => sql`with u as (${readersSql.timeZone(p.userId)}),
   y as (select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as today,
                extract(year from now() at time zone ${tz})::int as year),
   d as (${readingSql.pagesPerDay({ userId: p.userId, timeZone: tz, since: sql`now() - interval '380 days'` })})
   select y.today, y.year,
     (select jsonb_object_agg(day, pages) from d) as days,
     (select jsonb_agg(c) from (${readingSql.booksByCategory(p.userId)}) c) as categories,
     (select jsonb_agg(p) from (${readingSql.booksInProgress(p.userId)}) p) as in_progress,
     (select jsonb_build_object('kind', g.kind, 'target', g.target) from reading_goals g
       where g.user_id = ${p.userId} and g.year = y.year) as goal,
     ${readingSql.booksFinishedBetween({ userId: p.userId, since: yearStart(sql`y.year`), until: yearStart(sql`y.year + 1`) })} as books_this_year
   from y`,
);

type GoalRow = {
  today: string;
  kind: GoalKind | null;
  target: number | null;
  books: number;
  pages: number;
};

// The reader's goal for a year and its figures (books finished, pages validated).
const goalStatement = preparedStatement<{ userId: string; year: number }, GoalRow>(
  'reader_goal',
  (p) => sql`with u as (${readersSql.timeZone(p.userId)})
   select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as today, g.kind, g.target,
     ${readingSql.booksFinishedBetween({ userId: p.userId, since: yearStart(sql`${p.year}::int`), until: yearStart(sql`${p.year}::int + 1`) })} as books,
     (select coalesce(sum(pages), 0)::int from (${readingSql.pagesPerDay({
       userId: p.userId,
       timeZone: tz,
       since: yearStart(sql`${p.year}::int`),
       until: yearStart(sql`${p.year}::int + 1`),
     })}) p) as pages
   from u left join reading_goals g on g.user_id = ${p.userId} and g.year = ${p.year}::int`,
);

function toGoal(x: {
  year: number;
  kind: GoalKind;
  target: number;
  books: number;
  pages: number;
  today: string;
}): Goal {
  const done = x.kind === 'books' ? x.books : x.pages;
  // Another year than this one: judged on its last day (a past one is over).
  const today = x.today.startsWith(String(x.year))
    ? x.today
    : x.year < Number(x.today.slice(0, 4))
      ? `${x.year}-12-31`
      : `${x.year}-01-01`;
  return {
    year: x.year,
    kind: x.kind,
    target: x.target,
    done,
    ...goalProgress({ ...x, done, today }),
  };
}

export function createInsightsRepository({ db }: { db: Db }) {
  return {
    /** The /achievements insights of a reader, in one statement. */
    async insights(userId: string): Promise<Insights> {
      const [row] = await insightsStatement(db, { userId });
      if (!row) throw new Error(`no reader ${userId}`);
      const days = row.days ?? {};
      const pace = recentPace(days, row.today);
      const { weeks, months } = pagesByPeriod(days, row.today, { weeks: 12, months: 12 });
      const pagesThisYear = Object.entries(days)
        .filter(([day]) => day.startsWith(String(row.year)))
        .reduce((sum, [, pages]) => sum + pages, 0);
      return {
        today: row.today,
        days,
        weeks,
        months,
        categories: row.categories ?? [],
        pace,
        projections: (row.in_progress ?? []).map((b) => ({
          bookId: b.book_id,
          slug: b.slug,
          title: b.title,
          pagesLeft: b.pages_left,
          finishOn: projectedFinish({ pagesLeft: b.pages_left, pace, today: row.today }),
        })),
        goal: row.goal
          ? toGoal({
              year: row.year,
              ...row.goal,
              books: Number(row.books_this_year),
              pages: pagesThisYear,
              today: row.today,
            })
          : null,
      };
    },

    /** The reader's goal for `year` with its progress, or null. */
    async goal(userId: string, year: number): Promise<Goal | null> {
      const [row] = await goalStatement(db, { userId, year });
      if (!row?.kind || row.target === null) return null;
      return toGoal({ year, kind: row.kind, target: Number(row.target), ...numbers(row) });
    },

    /** Sets (or replaces) the reader's goal for `year`: one row per reader and year. */
    async setGoal(x: { userId: string; year: number; kind: GoalKind; target: number }) {
      await db
        .insert(readingGoals)
        .values(x)
        .onConflictDoUpdate({
          target: [readingGoals.userId, readingGoals.year],
          set: { kind: x.kind, target: x.target, updatedAt: sql`now()` },
        });
    },

    /** Removes the reader's goal for `year`; false when there was none. */
    async removeGoal(userId: string, year: number): Promise<boolean> {
      const rows = await db
        .delete(readingGoals)
        .where(and(eq(readingGoals.userId, userId), eq(readingGoals.year, year)))
        .returning({ id: readingGoals.id });
      return rows.length > 0;
    },
  };
}

const numbers = (row: GoalRow) => ({
  books: Number(row.books),
  pages: Number(row.pages),
  today: row.today,
});
