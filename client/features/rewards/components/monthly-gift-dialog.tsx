import * as Dialog from '@radix-ui/react-dialog';
import { Gift } from 'lucide-react';
import { fill } from '../../../../domain/messages/fill';
import { rewardAnnouncementMessages as t } from '../../../../domain/messages/rewards';
import { MONTHLY_GIFT_VALIDATIONS } from '../../../../domain/rewards';
import { buttonClasses } from '../../../components/ui/button-styles';
import { RewardDialogFrame } from './dialog-frame';

/**
 * The monthly gift (10 validations or more in a calendar month): shown first; the badge
 * dialog takes its place 1.5 s later (useRewardAnnouncements).
 */
export function MonthlyGiftDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <RewardDialogFrame open={props.open} onOpenChange={props.onOpenChange} testId="gift-dialog">
      <span className="mx-auto flex size-24 items-center justify-center rounded-full bg-accent-soft text-accent motion-safe:animate-bounce">
        <Gift size={48} aria-hidden="true" />
      </span>
      <Dialog.Title className="mt-6 font-serif text-2xl font-semibold">{t.giftTitle}</Dialog.Title>
      <Dialog.Description className="mt-2 text-ink-soft">
        {fill(t.giftText, { n: MONTHLY_GIFT_VALIDATIONS })}
      </Dialog.Description>
      <Dialog.Close className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}>
        {t.close}
      </Dialog.Close>
    </RewardDialogFrame>
  );
}
