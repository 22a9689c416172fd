import { isCorrectAnswer, normalizeAnswer } from './answers';

/**
 * Examples of what a reader may type and still be right, for the admin's question form
 * (docs/architecture.md#answers): capitals, no accents, ligatures spelled out or joined, a plural s
 * or x added or dropped, an apostrophe or punctuation around it. Every example is checked by the
 * matching itself (isCorrectAnswer), so the preview never promises what it refuses.
 */
export function acceptedVariants(answer: string, limit = 8): string[] {
  const word = answer.trim().toLowerCase();
  if (!word || /\s/.test(word)) return [];
  const plain = normalizeAnswer(word);
  const candidates = [
    word.charAt(0).toUpperCase() + word.slice(1),
    word.toUpperCase(),
    plain,
    word.replace(/œ/g, 'oe').replace(/æ/g, 'ae'),
    word.replace(/oe/g, 'œ').replace(/ae/g, 'æ'),
    `${word}s`,
    `${word}x`,
    /[sx]$/.test(word) ? word.slice(0, -1) : `${plain}s`,
    `« ${word} »`,
    `${word}.`,
  ];
  const seen = new Set([word]);
  const accepted: string[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate) || !isCorrectAnswer(candidate, word)) continue;
    seen.add(candidate);
    accepted.push(candidate);
    if (accepted.length >= limit) break;
  }
  return accepted;
}
