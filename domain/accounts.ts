/**
 * Display name (docs/architecture.md#display-name): username; else e-mail local part, cut to 8 +
 * '…'; else 'Lecteur' + id.
 */
export function displayName(profile: {
  id: string;
  username?: string | null;
  email?: string | null;
}): string {
  const username = profile.username?.trim();
  if (username) return username;
  const local = profile.email?.split('@')[0]?.trim();
  if (local) return local.length > 8 ? `${local.slice(0, 8)}…` : `${local}…`;
  return `Lecteur ${profile.id.slice(0, 4)}`;
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
