import type {
  Activity,
  FollowList,
  ProfilePage,
  ReaderSummary,
  Suggestion,
} from '../../domain/community.schemas';
import { type BadgeSlug, badges } from '../../domain/rewards';
import type { BadgeView, UserStats } from '../../domain/rewards.schemas';
import { aBook } from './catalogue-fixtures';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-4000-8000-${String(counter).padStart(12, '0')}`;
};

/** A reader as the community shows them; each call gets its own uuid. */
export function aReader(overrides: Partial<ReaderSummary> = {}): ReaderSummary {
  return { id: nextId('7d2e5a10-2222'), username: null, avatarUrl: null, ...overrides };
}

/** An earned badge of the real catalogue. */
export function anEarnedBadge(slug: BadgeSlug, earnedAt = '2026-03-01T10:00:00.000Z'): BadgeView {
  return { slug, ...badges[slug], earnedAt, times: 1 };
}

export function someStats(overrides: Partial<UserStats> = {}): UserStats {
  return {
    booksRead: 0,
    pagesRead: 0,
    segmentsValidated: 0,
    readingMinutes: 0,
    badgesCount: 0,
    streakCurrent: 0,
    streakBest: 0,
    streakFreezes: 0,
    questsDone: 0,
    xp: 0,
    level: 1,
    ...overrides,
  };
}

/**
 * A profile page answer as the server builds it: `owner` gives the e-mail and the tiles,
 * another reader's page has neither.
 */
export function aProfilePage(
  options: {
    id: string;
    owner: boolean;
    username?: string | null;
    email?: string;
  } & Partial<Omit<ProfilePage, 'profile' | 'isOwner'>>,
): ProfilePage {
  const { id, owner, username = null, email = 'lea.martin@example.fr', ...rest } = options;
  return {
    profile: {
      id,
      username,
      avatarUrl: null,
      createdAt: '2026-01-15T09:00:00.000Z',
      email: owner ? email : null,
    },
    isOwner: owner,
    counts: { followers: 0, following: 0 },
    relation: { following: false, followsMe: false, blocked: false },
    stats: owner ? someStats() : null,
    inProgress: [],
    finished: { count: 0, books: [] },
    badges: [],
    ...rest,
  };
}

/** A page of a followers or following list. */
export function aFollowList(
  items: ReaderSummary[],
  options: { total?: number; nextCursor?: string | null } = {},
): FollowList {
  return {
    items: items.map((reader) => ({ ...reader, followedByMe: false })),
    total: options.total ?? items.length,
    nextCursor: options.nextCursor ?? null,
  };
}

/** A feed activity: another reader finished a book, by default, an hour ago. */
export function anActivity(overrides: Partial<Activity> = {}): Activity {
  const book = aBook();
  return {
    id: nextId('5c8f1d22-3333'),
    kind: 'finished',
    actor: aReader({ username: 'Paul Durand' }),
    at: new Date(Date.now() - 3_600_000).toISOString(),
    book: { id: book.id, slug: book.slug, title: book.title, author: book.author },
    badge: null,
    likes: 0,
    likedByMe: false,
    mine: false,
    source: 'following',
    ...overrides,
  };
}

/** A badge activity (no Bookys on those). */
export function aBadgeActivity(slug: BadgeSlug, overrides: Partial<Activity> = {}): Activity {
  const { name, icon, color } = badges[slug];
  return anActivity({
    kind: 'badge',
    book: null,
    badge: { slug, name, icon, color },
    ...overrides,
  });
}

export function aSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    ...aReader(),
    inProgress: 2,
    badges: 3,
    streak: 5,
    sharedBooks: 0,
    ...overrides,
  };
}
