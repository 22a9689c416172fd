import { BadgeUnlockedDialog, type EarnedBadge } from './badge-unlocked-dialog';
import { Confetti } from './confetti';
import { LevelUpDialog } from './level-up-dialog';
import { MonthlyGiftDialog } from './monthly-gift-dialog';

type Open = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * What useRewardAnnouncements shows (its own chunk, loaded with the first announcement): the
 * monthly gift's dialog, the badge dialog, the level dialog, and confetti while `confetti` > 0 (each new value
 * starts them again).
 */
export function RewardDialogs(props: {
  gift: Open;
  badge: Open & { badges: EarnedBadge[]; xp: number; level: number | null };
  /** The level dialog, for a level reached without a badge. */
  level: Open & { level: number | null };
  confetti: number;
  onConfettiDone: () => void;
}) {
  const { gift, badge, level, confetti } = props;
  return (
    <>
      <MonthlyGiftDialog open={gift.open} onOpenChange={gift.onOpenChange} />
      <BadgeUnlockedDialog
        badges={badge.badges}
        xp={badge.xp}
        level={badge.level}
        open={badge.open}
        onOpenChange={badge.onOpenChange}
      />
      {level.level !== null ? (
        <LevelUpDialog level={level.level} open={level.open} onOpenChange={level.onOpenChange} />
      ) : null}
      {confetti > 0 ? <Confetti key={confetti} onDone={props.onConfettiDone} /> : null}
    </>
  );
}
