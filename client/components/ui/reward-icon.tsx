import {
  BookOpen,
  Feather,
  Flame,
  Gift,
  LibraryBig,
  type LucideIcon,
  Medal,
  RefreshCw,
  Sun,
  Trophy,
  Users,
  Zap,
} from 'lucide-react';

// Icon names of the badge catalogue and of the quests (domain/rewards.ts); shared by the
// rewards screens, the profile's badges and the discover feed.
const icons: Record<string, LucideIcon> = {
  'book-open': BookOpen,
  flame: Flame,
  medal: Medal,
  gift: Gift,
  sun: Sun,
  zap: Zap,
  books: LibraryBig,
  refresh: RefreshCw,
  feather: Feather,
  users: Users,
};

/**
 * The lucide icon for a badge or quest icon name; a trophy when unknown
 * (docs/architecture.md#badges-quests-monthly-gift).
 */
export function rewardIcon(name: string): LucideIcon {
  return icons[name] ?? Trophy;
}

/** A badge or quest icon, decorative (its name is written beside it). */
export function RewardIcon(props: { name: string; size?: number; className?: string }) {
  const Icon = rewardIcon(props.name);
  return <Icon size={props.size ?? 24} className={props.className} aria-hidden="true" />;
}
