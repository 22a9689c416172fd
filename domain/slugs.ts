/**
 * The catalogue's slug rule: accents and diacritics removed, ligatures spelled out,
 * lowercase, every run of other characters turned into one hyphen, none at either end.
 * 'Candide ou l'Optimisme' + 'Voltaire' → 'candide-ou-l-optimisme-voltaire'.
 */
export function slugify(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Book slug: from title and author (docs/architecture.md#screens). */
export function bookSlug(title: string, author: string): string {
  return slugify(title, author);
}
