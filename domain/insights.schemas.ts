import { z } from 'zod';
import { IMPORT_SHELVES } from './book-import';
import { categories } from './catalogue';
import { GOAL_KINDS, GOAL_LIMITS } from './insights';
import { fill } from './messages/fill';
import { goalMessages, importMessages, reviewMessages } from './messages/insights';

// Contracts of the insights, goals, the year in review and the import (decision 028).

export const goalSchema = z.object({
  year: z.number(),
  kind: z.enum(GOAL_KINDS),
  target: z.number(),
  /** Books finished, or pages validated, this year so far. */
  done: z.number(),
  percent: z.number(),
  onTrack: z.boolean(),
  /** Where a steady pace would be today. */
  expected: z.number(),
});
export type Goal = z.infer<typeof goalSchema>;

export const goalAnswerSchema = z.object({ goal: goalSchema.nullable() });

const limits = (kind: keyof typeof GOAL_LIMITS) =>
  fill(goalMessages.targetInvalid, GOAL_LIMITS[kind] as unknown as Record<string, number>);

/** PUT /api/me/goals/:year: a target within the kind's limits. */
export const setGoalSchema = z
  .object({
    kind: z.enum(GOAL_KINDS, { error: goalMessages.kindInvalid }),
    target: z.number({ error: limits('books') }).int({ error: limits('books') }),
  })
  .superRefine((goal, ctx) => {
    const { min, max } = GOAL_LIMITS[goal.kind];
    if (goal.target < min || goal.target > max) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: limits(goal.kind) });
    }
  });

/** A year of the calendar a reader may look at (Lisons did not exist before 2020). */
export const yearParams = z.object({
  year: z.coerce
    .number({ error: reviewMessages.yearInvalid })
    .int({ error: reviewMessages.yearInvalid })
    .min(2020, { error: reviewMessages.yearInvalid })
    .max(2100, { error: reviewMessages.yearInvalid }),
});

export const insightsSchema = z.object({
  /** The reader's day now, in their time zone. */
  today: z.string(),
  /** Pages validated per local day over the last 12 months and a week (days with none left out). */
  days: z.record(z.string(), z.number()),
  weeks: z.array(z.object({ start: z.string(), pages: z.number() })),
  months: z.array(z.object({ month: z.string(), pages: z.number() })),
  categories: z.array(z.object({ category: z.enum(categories), books: z.number() })),
  /** Pages per day over the last 28 days. */
  pace: z.number(),
  projections: z.array(
    z.object({
      bookId: z.string(),
      slug: z.string(),
      title: z.string(),
      pagesLeft: z.number(),
      finishOn: z.string().nullable(),
    }),
  ),
  goal: goalSchema.nullable(),
});
export type Insights = z.infer<typeof insightsSchema>;

export const reviewSchema = z.object({
  year: z.number(),
  booksFinished: z.number(),
  pages: z.number(),
  segments: z.number(),
  longestStreak: z.number(),
  favouriteCategory: z.enum(categories).nullable(),
  busiestDay: z.object({ day: z.string(), pages: z.number() }).nullable(),
  /** The shareable image (signed: only who holds the link sees it). */
  imageUrl: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The CSV export, as text (the browser reads the file). */
export const importFileSchema = z.object({
  csv: z
    .string({ error: importMessages.noFile })
    .max(1_000_000, { error: importMessages.tooLarge }),
});

const importBookSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
});

export const importPreviewSchema = z.object({
  matched: z.array(
    z.object({
      line: z.number(),
      title: z.string(),
      author: z.string(),
      shelf: z.enum(IMPORT_SHELVES),
      readOn: z.string().nullable(),
      book: importBookSchema,
      alreadyInList: z.boolean(),
    }),
  ),
  unmatched: z.array(
    z.object({
      line: z.number(),
      title: z.string(),
      author: z.string(),
      shelf: z.enum(IMPORT_SHELVES),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importDoneSchema = z.object({ message: z.string(), added: z.number() });
