import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCorrectAnswer, normalizeAnswer } from './answers';
import { categories } from './catalogue';
import { expectedSegments } from './segments';
import { bookSlug } from './slugs';

// The demo catalogue's data (data/README.md), checked here so that `npm test` refuses a
// questions file a reader could not get through: a missing segment, an answer the matching
// would refuse, or two segments of a book with the same answer.
const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data');

type Book = { key: string; title: string; author: string; category: string; pages: number };
type Question = { segment: number; question: string; answer: string };
type QuestionFile = { book: string; questions: Question[] };

const books: Book[] = JSON.parse(fs.readFileSync(path.join(dataDir, 'books.json'), 'utf8'));
const files = fs
  .readdirSync(path.join(dataDir, 'questions'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    data: JSON.parse(
      fs.readFileSync(path.join(dataDir, 'questions', file), 'utf8'),
    ) as QuestionFile,
  }));

/**
 * Books allowed to use one answer for two segments (book key → answer): none today. A repeat
 * lets a reader guess the later segment, so each one must be listed here on purpose.
 */
const allowedRepeats: Record<string, string[]> = {};

// One lower-case word: letters, with an apostrophe only inside the word (aujourd'hui).
const ONE_WORD = /^\p{Ll}+(?:['’]\p{Ll}+)*$/u;

const bookOf = (key: string) => books.find((b) => b.key === key);

describe.each(files)('data/questions/$file', ({ file, data }) => {
  const book = bookOf(data.book);

  it('names a book of books.json, under its key, which follows the slug rule', () => {
    expect(book, `${data.book} is not in data/books.json`).toBeDefined();
    expect(file).toBe(`${data.book}.json`);
    expect(data.book).toBe(bookSlug(book?.title ?? '', book?.author ?? ''));
  });

  it('has one question for each segment, 1 to ceil(pages / 30), no gap or duplicate', () => {
    const segments = data.questions.map((q) => q.segment).sort((a, b) => a - b);
    const expected = expectedSegments(book?.pages ?? 0);
    expect(segments).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
  });

  it("asks questions ending with ' ?' whose answer is one lower-case word they do not give away", () => {
    for (const q of data.questions) {
      expect(q.question, `segment ${q.segment}`).toMatch(/\s\?$/u);
      expect(q.answer, `segment ${q.segment}`).toMatch(ONE_WORD);
      expect(normalizeAnswer(q.question), `segment ${q.segment}`).not.toContain(
        normalizeAnswer(q.answer),
      );
    }
  });

  it('accepts every answer as typed, with capitals, and as it stands in the file', () => {
    for (const q of data.questions) {
      expect(isCorrectAnswer(q.answer, q.answer), q.answer).toBe(true);
      expect(isCorrectAnswer(q.answer.toUpperCase(), q.answer), q.answer).toBe(true);
      expect(isCorrectAnswer(` ${q.answer} !`, q.answer), q.answer).toBe(true);
    }
  });

  it('never uses the same answer for two segments, unless listed as allowed', () => {
    const allowed = new Set((allowedRepeats[data.book] ?? []).map(normalizeAnswer));
    const seen = new Set<string>();
    for (const q of data.questions) {
      const answer = normalizeAnswer(q.answer);
      if (seen.has(answer)) expect(allowed.has(answer), `${answer} repeated`).toBe(true);
      seen.add(answer);
    }
  });
});

describe('answers with ç, œ or an apostrophe', () => {
  const answers = files.flatMap(({ data }) => data.questions.map((q) => q.answer));
  const withCedilla = answers.filter((a) => a.includes('ç'));
  const withLigature = answers.filter((a) => a.includes('œ'));
  const withApostrophe = answers.filter((a) => /['’]/.test(a));

  it('exist in the real data, so the matching of those characters is exercised', () => {
    expect(withCedilla.length).toBeGreaterThan(0);
    expect(withLigature.length).toBeGreaterThan(0);
    expect(withApostrophe.length).toBeGreaterThan(0);
  });

  it('match what a reader types on a plain keyboard or a phone', () => {
    for (const answer of withCedilla) {
      expect(isCorrectAnswer(answer.replaceAll('ç', 'c'), answer), answer).toBe(true);
    }
    for (const answer of withLigature) {
      expect(isCorrectAnswer(answer.replaceAll('œ', 'oe'), answer), answer).toBe(true);
    }
    for (const answer of withApostrophe) {
      for (const typed of ['’', "'", '']) {
        expect(isCorrectAnswer(answer.replace(/['’]/g, typed), answer), typed).toBe(true);
      }
    }
  });
});

describe('the questioned catalogue', () => {
  const questioned = files.map(({ data }) => bookOf(data.book)).filter((b) => b !== undefined);

  it('has at least 30 fully questioned books, at least 5 in each category', () => {
    expect(questioned.length).toBeGreaterThanOrEqual(30);
    for (const category of categories) {
      const inCategory = questioned.filter((b) => b.category === category);
      expect(inCategory.length, category).toBeGreaterThanOrEqual(5);
    }
  });

  it('has at least 6 long books, of 10 segments or more', () => {
    const long = questioned.filter((b) => expectedSegments(b.pages) >= 10);
    expect(long.length).toBeGreaterThanOrEqual(6);
  });
});
