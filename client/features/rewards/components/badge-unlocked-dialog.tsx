import { Link } from 'react-router';
import { fill } from '../../../../domain/messages/fill';
import { rewardAnnouncementMessages as t } from '../../../../domain/messages/rewards';
import { badges as catalogue } from '../../../../domain/rewards';
import { appPaths } from '../../../../domain/screen-paths';
import type { EarnedRewards } from '../../../../domain/validation.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { RewardIcon } from '../../../components/ui/reward-icon';
import { levelUpTexts } from './level-up-dialog';
import { RarityPill } from './rarity';

export type EarnedBadge = EarnedRewards['badges'][number];

// The catalogue's colour of a badge, the accent for one it does not know.
function colorOf(slug: string): string {
  return (catalogue as Record<string, { color: string }>)[slug]?.color ?? '#a23b26';
}

/**
 * 'Nouveau badge débloqué': the badge (or badges) a validation just earned, with icon,
 * name, description and rarity, the level reached if any, the bonus XP when there is some, a link to /achievements
 * and a close button.
 */
export function BadgeUnlockedDialog(props: {
  badges: EarnedBadge[];
  /** Bonus XP of these rewards (rewards.xp); not shown when 0. */
  xp: number;
  /** The level the same validation reached, said here rather than in a second dialog. */
  level?: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { badges, xp, open, onOpenChange, level = null } = props;
  const many = badges.length > 1;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      testId="badge-dialog"
      className="text-center"
      title={many ? t.badgeDialogTitleMany : t.badgeDialogTitleOne}
      description={many ? t.badgeDialogTextMany : t.badgeDialogText}
    >
      {many ? (
        // Several badges: compact rows, so the dialog fits a phone screen.
        <ul className="mt-6 space-y-4 text-left">
          {badges.map((badge) => (
            <li key={badge.slug} className="flex items-start gap-4">
              <BadgeMedal badge={badge} size="sm" />
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <h3 className="text-lg font-semibold">{badge.name}</h3>
                  <RarityPill rarity={badge.rarity} />
                </div>
                <p className="mt-1 text-sm text-ink-soft">{badge.description}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-6">
          {badges.map((badge) => (
            <li key={badge.slug} className="flex flex-col items-center">
              <BadgeMedal badge={badge} size="lg" />
              <h3 className="mt-4 text-xl font-semibold">{badge.name}</h3>
              <div className="mt-2">
                <RarityPill rarity={badge.rarity} />
              </div>
              <p className="mt-2 text-ink-soft">{badge.description}</p>
            </li>
          ))}
        </ul>
      )}
      {level !== null ? (
        <p className="mt-6 font-serif text-xl font-semibold">{levelUpTexts(level).title}</p>
      ) : null}
      {xp > 0 ? (
        <p className="mt-6 font-serif text-3xl font-semibold text-accent-strong">
          {fill(t.xpGained, { xp })}
        </p>
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row-reverse sm:justify-center">
        <Link
          to={appPaths.achievements}
          onClick={() => onOpenChange(false)}
          className={buttonClasses()}
        >
          {t.seeRewards}
        </Link>
        <DialogClose className={buttonClasses({ variant: 'secondary' })}>{t.close}</DialogClose>
      </div>
    </Dialog>
  );
}

function BadgeMedal({ badge, size }: { badge: EarnedBadge; size: 'sm' | 'lg' }) {
  return (
    <span
      className={`flex shrink-0 items-center justify-center rounded-full text-paper shadow-lg ring-4 ring-paper-deep ${size === 'lg' ? 'size-20' : 'size-14'}`}
      style={{ backgroundColor: colorOf(badge.slug) }}
    >
      <RewardIcon name={badge.icon} size={size === 'lg' ? 40 : 28} />
    </span>
  );
}
