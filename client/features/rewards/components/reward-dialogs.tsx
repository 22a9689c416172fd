import { BadgeUnlockedDialog, type EarnedBadge } from './badge-unlocked-dialog';
import { Confetti } from './confetti';
import { MonthlyGiftDialog } from './monthly-gift-dialog';

type Open = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * What useRewardAnnouncements shows (its own chunk, loaded with the first announcement): the
 * monthly gift's dialog, the badge dialog, and confetti while `confetti` > 0 (each new value
 * starts them again).
 */
export function RewardDialogs(props: {
  gift: Open;
  badge: Open & { badges: EarnedBadge[]; xp: number };
  confetti: number;
  onConfettiDone: () => void;
}) {
  const { gift, badge, confetti } = props;
  return (
    <>
      <MonthlyGiftDialog open={gift.open} onOpenChange={gift.onOpenChange} />
      <BadgeUnlockedDialog
        badges={badge.badges}
        xp={badge.xp}
        open={badge.open}
        onOpenChange={badge.onOpenChange}
      />
      {confetti > 0 ? <Confetti key={confetti} onDone={props.onConfettiDone} /> : null}
    </>
  );
}
