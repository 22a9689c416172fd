import { answerField, MAX_IMPORT_QUESTIONS, questionField } from './admin-books.schemas';
import { adminQuestionsMessages as m } from './messages/admin';
import { fill } from './messages/fill';

// Bulk import of a book's questions (docs/architecture.md#back-office): the JSON of data/questions/
// ({ book, questions: [{ segment, question, answer }] }, or the bare array) or CSV
// (segment;question;answer, ',' also accepted, an optional header line). Every line is checked
// before anything is written: the result is the questions to write, or every error with its line
// number, never half of it.

export type ImportedQuestion = { segment: number; question: string; answer: string };
export type ImportPlan =
  | { ok: true; questions: ImportedQuestion[]; notices: string[] }
  | { ok: false; errors: string[] };

type RawItem = { line: number; segment: unknown; question: unknown; answer: unknown };

const lineError = (line: number, message: string) => fill(m.importLine, { line, message });

/**
 * Checks the file against the book: `expected` segments, `slug` (a JSON file naming another
 * book is refused), `existing` segments that already have a question (for segment 0).
 */
export function planImport(
  format: 'json' | 'csv',
  content: string,
  book: { slug: string; expected: number; existing: readonly number[] },
): ImportPlan {
  const parsed = format === 'json' ? jsonItems(content, book.slug) : csvItems(content);
  if ('errors' in parsed) return { ok: false, errors: parsed.errors };
  const items = parsed.items;
  if (items.length === 0) return { ok: false, errors: [m.importEmpty] };
  if (items.length > MAX_IMPORT_QUESTIONS) return { ok: false, errors: [m.importTooMany] };

  const errors: string[] = [];
  const bySegment = new Map<number, ImportedQuestion & { line: number }>();
  for (const item of items) {
    const segment = typeof item.segment === 'string' ? Number(item.segment.trim()) : item.segment;
    if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0) {
      errors.push(lineError(item.line, m.importSegment));
      continue;
    }
    if (segment > book.expected) {
      errors.push(lineError(item.line, m.segmentOutOfBook));
      continue;
    }
    const question = questionField.safeParse(item.question);
    const answer = answerField.safeParse(item.answer);
    if (!question.success) errors.push(lineError(item.line, firstIssue(question.error)));
    if (!answer.success) errors.push(lineError(item.line, firstIssue(answer.error)));
    if (!question.success || !answer.success) continue;
    if (bySegment.has(segment)) {
      errors.push(lineError(item.line, fill(m.importDuplicate, { segment })));
      continue;
    }
    bySegment.set(segment, {
      line: item.line,
      segment,
      question: question.data,
      answer: answer.data,
    });
  }
  if (errors.length > 0) return { ok: false, errors };

  // Old data counted segments from 0: segment 0 becomes segment
  // 1, or is dropped when segment 1 exists (in the file or the book).
  const notices: string[] = [];
  const zero = bySegment.get(0);
  if (zero) {
    bySegment.delete(0);
    if (bySegment.has(1) || book.existing.includes(1)) {
      notices.push(m.segmentZeroDropped);
    } else {
      bySegment.set(1, { ...zero, segment: 1 });
      notices.push(m.segmentZeroMoved);
    }
  }
  const questions = [...bySegment.values()]
    .sort((a, b) => a.segment - b.segment)
    .map(({ segment, question, answer }) => ({ segment, question, answer }));
  return { ok: true, questions, notices };
}

function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? m.importSegment;
}

function jsonItems(content: string, slug: string): { items: RawItem[] } | { errors: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    return { errors: [fill(m.importJson, { message: (error as Error).message })] };
  }
  let list: unknown = data;
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const file = data as { book?: unknown; questions?: unknown };
    if (typeof file.book === 'string' && file.book !== slug) {
      return { errors: [fill(m.importOtherBook, { book: file.book })] };
    }
    list = file.questions;
  }
  if (!Array.isArray(list)) return { errors: [m.importEmpty] };
  const lines = objectLines(content);
  return {
    items: list.map((entry, i) => {
      const item = entry !== null && typeof entry === 'object' ? entry : {};
      const { segment, question, answer } = item as Record<string, unknown>;
      return { line: lines[i] ?? i + 1, segment, question, answer };
    }),
  };
}

/** The line on which each object inside an array starts, in order (the file's questions). */
function objectLines(text: string): number[] {
  const lines: number[] = [];
  const stack: string[] = [];
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line += 1;
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (c === '{' && stack.at(-1) === '[') lines.push(line);
      stack.push(c);
    } else if (c === '}' || c === ']') stack.pop();
  }
  return lines;
}

function csvItems(content: string): { items: RawItem[] } | { errors: string[] } {
  const rows = csvRows(content.replace(/^\uFEFF/, ''));
  const first = rows[0];
  const delimiter =
    first && first.text.split(';').length >= first.text.split(',').length ? ';' : ',';
  const items: RawItem[] = [];
  const errors: string[] = [];
  for (const [index, row] of rows.entries()) {
    const fields = splitCsv(row.text, delimiter);
    if (index === 0 && /segment/i.test(fields[0] ?? '')) continue; // a header line
    if (fields.length !== 3) {
      errors.push(lineError(row.line, m.importColumns));
      continue;
    }
    const [segment, question, answer] = fields;
    items.push({
      line: row.line,
      segment: /^\s*\d+\s*$/.test(segment ?? '') ? segment : NaN,
      question,
      answer,
    });
  }
  return errors.length > 0 ? { errors } : { items };
}

/** Non-blank records with the line they start on (a quoted field may hold a line break). */
function csvRows(text: string): { line: number; text: string }[] {
  const rows: { line: number; text: string }[] = [];
  let line = 1;
  let start = 1;
  let current = '';
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    if ((c === '\n' || c === '\r') && !quoted) {
      if (c === '\n') {
        if (current.trim()) rows.push({ line: start, text: current });
        current = '';
        line += 1;
        start = line;
      }
      continue;
    }
    if (c === '\n') line += 1;
    current += c;
  }
  if (current.trim()) rows.push({ line: start, text: current });
  return rows;
}

function splitCsv(text: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}
