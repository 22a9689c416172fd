import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, type Params, preparedStatement } from '../../db/prepared-statement';

/** How many words of a query the search reads. */
export const MAX_SEARCH_WORDS = 6;

export const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of 3 letters or more use the trigram index; shorter ones match a word's start. */
export const isShortWord = (word: string) => word.length < 3;

/** The words of a query, as the search and the explore filter read them. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

type SearchRow = {
  id: string;
  slug: string;
  title: string;
  author: string;
  category: 'litterature' | 'religion' | 'essai' | 'bio';
  tags: string[];
  totalPages: number;
  expectedSegments: number;
  coverVersion: string | null;
  year: number | null;
  questionsReady: number;
};

/** A search's values: each word and the phrase LIKE-escaped, the limit, the 'ready' filter. */
export type SearchValues = {
  words: readonly string[];
  phrase: string;
  limit: number;
  ready: boolean;
};

// Every folded pattern is a one-row subquery (an InitPlan): computed once per execution,
// it still drives the trigram index, and the plan does not depend on the words, so one
// generic plan per shape serves every query of that shape. Planning the search each time
// cost more than running it (3 to 10 ms against 1 to 4 on 100 000 books).
const pattern = (value: SQLWrapper, before: SQL, after: SQL) =>
  sql`(select ${before}lisons_fold(${value}::text)${after})`;
const anyBefore = sql`'%' || `;
const wordStart = sql`'% ' || `;
const rest = sql` || '%'`;

// A word's placeholder is named by its place in the query: word1, word2…
type WordName = `word${number}`;
const wordName = (i: number): WordName => `word${i + 1}`;
type SearchParams = Omit<SearchValues, 'words'> & { [word: WordName]: string };

function searchSql(shape: string) {
  return (p: Params<SearchParams>) => {
    const words = [...shape].map((kind, i) => {
      const word = sql.placeholder(wordName(i));
      return kind === 'l'
        ? sql`search_text like ${pattern(word, anyBefore, rest)}`
        : sql`(search_text like ${pattern(word, sql``, rest)}
          or search_text like ${pattern(word, wordStart, rest)})`;
    });
    // The 'ready' filter is a parameter, not a shape: the trigram index drives both.
    return sql`select id, slug, title, author, category, tags, total_pages as "totalPages",
      expected_segments as "expectedSegments", cover_version as "coverVersion", year,
      questions_ready as "questionsReady"
    from books
    where is_published and ${sql.join(words, sql` and `)}
      and (questions_complete or not ${p.ready}::boolean)
    order by title_folded like ${pattern(p.phrase, sql``, rest)} desc,
      search_text like ${pattern(p.phrase, anyBefore, rest)} desc,
      questions_complete desc, length(search_text), title
    limit ${p.limit}::int`;
  };
}

type Statement = (executor: Executor, values: SearchParams) => Promise<SearchRow[]>;
const statements = new Map<string, Statement>();

/**
 * The home search's statement for these words: one named prepared statement per shape
 * (how many words, which are short), at most 126 of them.
 */
export function searchStatement(words: readonly string[]) {
  const shape = words.map((word) => (isShortWord(word) ? 's' : 'l')).join('');
  let statement = statements.get(shape);
  if (!statement) {
    statement = preparedStatement<SearchParams, SearchRow>(
      `book_search_${shape}`,
      searchSql(shape),
    );
    statements.set(shape, statement);
  }
  const run = statement;
  return (executor: Executor, values: SearchValues) => {
    const words = Object.fromEntries(values.words.map((word, i) => [wordName(i), word]));
    return run(executor, {
      ...(words as Record<WordName, string>),
      phrase: values.phrase,
      limit: values.limit,
      ready: values.ready,
    });
  };
}
