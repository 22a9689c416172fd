/**
 * Display name (docs/architecture.md#display-name): the username; else 'Lecteur' + 4 characters
 * of the id. One rule for every viewer: the e-mail is never part of it (only its owner knows it,
 * so the owner and the others saw two different names).
 */
export function displayName(profile: { id: string; username?: string | null }): string {
  const username = profile.username?.trim();
  if (username) return username;
  return `Lecteur ${profile.id.slice(0, 4)}`;
}

// A name's characters (docs/architecture.md#display-name): readers must not pass for one another.
// Invisible and direction controls (Cf: zero-width, bidi U+202A–202E and U+2066–2069, U+FEFF,
// soft hyphen…), other controls, unassigned code points, line separators, blank "letters"
// (Hangul fillers, braille blank) and invisible marks (variation selectors, grapheme joiner).
const INVISIBLE =
  /[\p{Cf}\p{Cc}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0]|[\u034F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
// Spaces only: a tab or a line break is a control character, refused like the others.
const SPACES = /\p{Zs}+/gu;
// Scripts whose letters look alike: one name may use one of them, not two (Latin 'a', Cyrillic 'а').
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** A name as stored: NFKC (full-width and ligature forms folded), spaces collapsed and trimmed. */
export function normalizeUsername(name: string): string {
  // Not String#trim: it would drop a leading U+FEFF that must be refused, not hidden.
  return name.normalize('NFKC').replace(SPACES, ' ').replace(/^ | $/g, '');
}

export type UsernameProblem = 'tooShort' | 'tooLong' | 'invisible' | 'noLetter' | 'marks' | 'mixed';

/** What is wrong with a normalized name, or null: the first problem, in this order. */
export function usernameProblem(name: string): UsernameProblem | null {
  if (INVISIBLE.test(name)) return 'invisible';
  if (name.length < 3) return 'tooShort';
  if (name.length > 50) return 'tooLong';
  if (!/[\p{L}\p{N}]/u.test(name)) return 'noLetter';
  // A mark must follow a letter, and two at most (no combining-only name, no stacked marks).
  if (/(^|[^\p{L}\p{M}])\p{M}|\p{M}{3}/u.test(name)) return 'marks';
  if (LOOK_ALIKE_SCRIPTS.filter((script) => script.test(name)).length > 1) return 'mixed';
  return null;
}

/**
 * Avatar initials (docs/architecture.md#display-name): first letters of the first and last words,
 * uppercased; '??' if empty.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '??';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return `${first[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
}

/** An administrator in the audit trail: the name readers see and, to tell them apart, the e-mail. */
export function adminLabel(admin: { name: string; email: string }): string {
  return admin.email ? `${admin.name} (${admin.email})` : admin.name;
}
