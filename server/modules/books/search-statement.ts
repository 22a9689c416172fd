import { preparedStatement } from '../../db/prepared-statement';

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

// Every folded pattern is a one-row subquery (an InitPlan): computed once per execution,
// it still drives the trigram index, and the plan does not depend on the words, so one
// generic plan per shape serves every query of that shape. Planning the search each time
// cost more than running it (3 to 10 ms against 1 to 4 on 100 000 books).
const pattern = (n: number, before: string, after: string) =>
  `(select ${before}lisons_fold($${n}::text)${after})`;

function searchSql(shape: string): string {
  const words = [...shape].map((kind, i) =>
    kind === 'l'
      ? `search_text like ${pattern(i + 1, "'%' || ", " || '%'")}`
      : `(search_text like ${pattern(i + 1, '', " || '%'")}
          or search_text like ${pattern(i + 1, "'% ' || ", " || '%'")})`,
  );
  const phrase = shape.length + 1;
  // The 'ready' filter is a parameter, not a shape: the trigram index drives both.
  return `select id, slug, title, author, category, tags, total_pages as "totalPages",
      expected_segments as "expectedSegments", cover_version as "coverVersion", year,
      questions_ready as "questionsReady"
    from books
    where is_published and ${words.join(' and ')}
      and (questions_complete or not $${phrase + 2}::boolean)
    order by title_folded like ${pattern(phrase, '', " || '%'")} desc,
      search_text like ${pattern(phrase, "'%' || ", " || '%'")} desc,
      questions_complete desc, length(search_text), title
    limit $${phrase + 1}::int`;
}

const statements = new Map<string, ReturnType<typeof preparedStatement<SearchRow>>>();

/**
 * The home search's statement for these words: one named prepared statement per shape
 * (how many words, which are short), at most 126 of them.
 */
export function searchStatement(words: string[]) {
  const shape = words.map((word) => (isShortWord(word) ? 's' : 'l')).join('');
  let statement = statements.get(shape);
  if (!statement) {
    statement = preparedStatement<SearchRow>(`book_search_${shape}`, searchSql(shape));
    statements.set(shape, statement);
  }
  return statement;
}
