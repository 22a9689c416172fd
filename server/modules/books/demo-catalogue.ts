import fs from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { z } from 'zod';
import { categories } from '../../../domain/books.schemas';
import { expectedSegments } from '../../../domain/segments';
import { bookSlug } from '../../../domain/slugs';
import type { Db } from '../../db/client';
import { projectRoot } from '../../paths';
import { books } from './books.table';
import { COVER_GENERATOR } from './cover-image';
import { createCoversRepository } from './covers.repository';
import { demoCover } from './demo-covers';
import { readingQuestions } from './questions.table';

const bookFile = z.array(
  z.object({
    key: z.string(),
    title: z.string().min(1),
    author: z.string().min(1),
    category: z.enum(categories),
    pages: z.number().int().positive(),
    description: z.string(),
    tags: z.array(z.string()),
    year: z.number().int().nullable(),
  }),
);
const questionFile = z.object({
  book: z.string(),
  questions: z.array(
    z.object({
      segment: z.number().int().positive(),
      question: z.string().min(1),
      answer: z.string().regex(/^\S+$/, 'one word'),
    }),
  ),
});

/** Reads and checks data/: every key is the slug rule, every question set covers its book. */
export function readDemoCatalogue(dataDir = path.join(projectRoot, 'data')) {
  const list = bookFile.parse(
    JSON.parse(fs.readFileSync(path.join(dataDir, 'books.json'), 'utf8')),
  );
  const questionsDir = path.join(dataDir, 'questions');
  const questions = fs
    .readdirSync(questionsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) =>
      questionFile.parse(JSON.parse(fs.readFileSync(path.join(questionsDir, f), 'utf8'))),
    );
  for (const book of list) {
    const slug = bookSlug(book.title, book.author);
    if (slug !== book.key) throw new Error(`data/books.json: key ${book.key} should be ${slug}`);
  }
  for (const set of questions) {
    const book = list.find((b) => b.key === set.book);
    if (!book) throw new Error(`data/questions: unknown book ${set.book}`);
    const segments = set.questions.map((q) => q.segment).sort((a, b) => a - b);
    const expected = Array.from({ length: expectedSegments(book.pages) }, (_, i) => i + 1);
    if (segments.join() !== expected.join()) {
      throw new Error(`data/questions/${set.book}.json must cover segments 1..${expected.length}`);
    }
  }
  return { books: list, questions };
}

/**
 * Loads the demo catalogue into an empty catalogue (and only then), books and questions in
 * one transaction, then draws the covers. On a catalogue already there, it draws the demo
 * books' covers that are missing (a start stopped while drawing them) or were drawn by an
 * older drawing (their URLs change with them). Returns how many books were added.
 */
export async function loadDemoCatalogue(
  db: Db,
  { dataDir, coversDir }: { dataDir?: string; coversDir?: string } = {},
): Promise<number> {
  const demo = readDemoCatalogue(dataDir);
  const [existing] = await db.select({ n: count() }).from(books);
  if ((existing?.n ?? 0) > 0) {
    await drawDemoCovers(
      db,
      demo.books.map((b) => b.key),
      coversDir,
    );
    return 0;
  }
  const inserted = await db.transaction(async (tx) => {
    // Newest first in explore follows the file's order.
    const rows = await tx
      .insert(books)
      .values(
        demo.books.map((b, i) => ({
          slug: b.key,
          title: b.title,
          author: b.author,
          category: b.category,
          totalPages: b.pages,
          description: b.description,
          tags: b.tags,
          year: b.year,
          createdAt: sql`now() - make_interval(secs => ${i})`,
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: books.id,
        slug: books.slug,
        title: books.title,
        author: books.author,
        category: books.category,
      });
    // Another process loading at the same moment inserted them all first: nothing to do.
    if (rows.length === 0) return rows;
    const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
    const questionRows = demo.questions.flatMap((set) =>
      set.questions.map((q) => ({
        bookId: idBySlug.get(set.book) ?? '',
        segment: q.segment,
        question: q.question,
        answer: q.answer.trim().toLowerCase(),
      })),
    );
    if (questionRows.some((q) => !q.bookId)) throw new Error('demo catalogue partly present');
    if (questionRows.length > 0) await tx.insert(readingQuestions).values(questionRows);
    return rows;
  });
  await drawDemoCovers(
    db,
    demo.books.map((b) => b.key),
    coversDir,
  );
  return inserted.length;
}

/**
 * Gives these books the covers they lack: the build's copy when it drew that very cover,
 * else drawn now, one at a time (sharp keeps each under ~100 ms).
 */
async function drawDemoCovers(db: Db, slugs: string[], coversDir?: string): Promise<void> {
  const covers = createCoversRepository({ db });
  for (const book of await covers.needingCover(slugs, COVER_GENERATOR)) {
    await covers.save(book.id, await demoCover(book, coversDir));
  }
}
