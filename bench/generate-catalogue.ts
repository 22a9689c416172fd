import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { bookSlug } from '../domain/slugs';
import { openDatabase } from '../server/db/client';
import { books } from '../server/modules/books/books.table';
import { loadDemoCatalogue } from '../server/modules/books/demo-catalogue';
import { readingQuestions } from '../server/modules/books/questions.table';
import { drawDemoCovers } from '../server/modules/covers/demo-covers';
import { createRng, fakeBook } from './lib/fake-books';
import { novelNouns } from './lib/french-words';

// A large catalogue for the load test (decision 008): the demo catalogue (55 real books with
// questions and covers, e.g. les-miserables-victor-hugo) plus synthetic French books up to
// --books (default 100 000), deterministic for a given --seed. It TRUNCATES the books of
// the target database, so it only runs on a database whose name contains "bench".
//
//   psql -h 127.0.0.1 -U postgres -c 'create database lisons_bench'
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench \
//     node --import tsx bench/generate-catalogue.ts [--books 100000] [--seed 4]
const { values: args } = parseArgs({
  options: { books: { type: 'string', default: '100000' }, seed: { type: 'string', default: '4' } },
});
const total = Number(args.books);
const seed = Number(args.seed);
if (!Number.isInteger(total) || total < 1) throw new Error('--books must be a positive integer');
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('BENCH_DATABASE_URL is required (postgres://…/lisons_bench).');
  process.exit(2);
}
const dbName = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
if (!dbName.includes('bench')) {
  console.error(`Refusing to truncate "${dbName}": the database name must contain "bench".`);
  process.exit(2);
}

const BATCH = 2_000;
// Every 50th synthetic book gets a full question set, so the book page's count of
// questions has real rows to count (about 2 % of the catalogue, as for a young app).
const QUESTIONS_EVERY = 50;
const EPOCH = Date.UTC(2026, 0, 1);
const SIX_YEARS_MS = 6 * 365 * 24 * 3600 * 1000;

const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const database = await openDatabase({ kind: 'postgres', url });
try {
  await database.migrate();
  const { db } = database;
  await db.execute(sql`truncate table ${books} cascade`);

  let step = performance.now();
  const demo = await loadDemoCatalogue(db);
  await drawDemoCovers(db);
  console.log(`demo catalogue: ${demo} books with questions and covers in ${seconds(step)}`);

  const rng = createRng(seed);
  const slugs = new Set((await db.select({ slug: books.slug }).from(books)).map((row) => row.slug));
  type BookRow = typeof books.$inferInsert;
  type QuestionRow = typeof readingQuestions.$inferInsert;
  let bookBatch: BookRow[] = [];
  let questionBatch: QuestionRow[] = [];
  let questionCount = 0;
  const flushQuestions = async () => {
    if (questionBatch.length) await db.insert(readingQuestions).values(questionBatch);
    questionCount += questionBatch.length;
    questionBatch = [];
  };

  step = performance.now();
  const synthetic = Math.max(0, total - demo);
  for (let i = 0; i < synthetic; i++) {
    const book = fakeBook(rng);
    // The same title by the same author is a later volume: "…, tome 2".
    let title = book.title;
    for (let volume = 2; slugs.has(bookSlug(title, book.author)); volume++) {
      title = `${book.title}, tome ${volume}`;
    }
    const slug = bookSlug(title, book.author);
    slugs.add(slug);
    const id = rng.uuid();
    bookBatch.push({
      ...book,
      id,
      slug,
      title,
      isPublished: rng.next() > 0.005,
      createdAt: new Date(EPOCH - Math.floor(rng.next() * SIX_YEARS_MS)),
    });
    if (i % QUESTIONS_EVERY === 0) {
      for (let segment = 1; segment <= Math.max(1, Math.ceil(book.totalPages / 30)); segment++) {
        questionBatch.push({
          bookId: id,
          segment,
          question: `Segment ${segment} : quel mot résume le mieux ce passage ?`,
          answer: rng.pick(novelNouns).w,
        });
      }
    }
    if (bookBatch.length === BATCH || i === synthetic - 1) {
      await db.insert(books).values(bookBatch);
      bookBatch = [];
      // Questions after their books (foreign key).
      if (questionBatch.length >= BATCH || i === synthetic - 1) await flushQuestions();
      if ((i + 1) % 20_000 === 0) console.log(`  ${i + 1} books…`);
    }
  }
  console.log(
    `inserted ${synthetic} synthetic books and ${questionCount} questions in ${seconds(step)}` +
      ` (${Math.round(synthetic / ((performance.now() - step) / 1000))} books/s, batches of ${BATCH})`,
  );

  step = performance.now();
  // VACUUM as well as ANALYZE: it flushes the trigram index's pending list and sets the
  // visibility map, as autovacuum would have done on a catalogue that grew over time.
  await db.execute(sql`vacuum (analyze) books, reading_questions, book_covers`);
  console.log(`vacuum analyze in ${seconds(step)}`);

  const size = await db.execute<{ n: number; table: string; indexes: string }>(sql`
    select count(*)::int as n,
      pg_size_pretty(pg_table_size('books')) as table,
      pg_size_pretty(pg_indexes_size('books')) as indexes
    from books`);
  const info = size.rows[0];
  console.log(
    `catalogue ready: ${info?.n} books (table ${info?.table}, indexes ${info?.indexes}) in ${seconds(started)} (database ${dbName}, seed ${seed})`,
  );
} finally {
  await database.close();
}
