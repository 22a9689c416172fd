/** The longest answer a reader may send, in characters once trimmed. */
export const ANSWER_MAX_LENGTH = 100;

// Apostrophes and quotation marks of every kind a keyboard or phone may produce.
const QUOTES = /['’‘ʼ`´"“”„«»‹›]/g;
// Punctuation (and spaces) around the word, never inside it.
const EDGES = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/**
 * Folds an answer for comparison: no case, accents or diacritics, ligatures spelled out,
 * no apostrophes or quotes, no punctuation or spaces around it, inner spaces collapsed.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(QUOTES, '')
    .replace(EDGES, '')
    .replace(/\s+/g, ' ');
}

/**
 * True when `given` is the expected one-word answer, as a reader would mean it: see
 * normalizeAnswer, plus a plural s or x added or dropped when the word has 3 letters or more.
 */
export function isCorrectAnswer(given: string, expected: string): boolean {
  const a = normalizeAnswer(given);
  const b = normalizeAnswer(expected);
  if (!a || !b) return false;
  if (a === b) return true;
  const singular = (w: string) => (/[sx]$/.test(w) ? w.slice(0, -1) : w);
  if (b.length < 3) return false;
  return a === `${b}s` || a === `${b}x` || singular(a) === b || singular(b) === a;
}
