import { Gift } from 'lucide-react';
import { fill } from '../../../../domain/messages/fill';
import { rewardAnnouncementMessages as t } from '../../../../domain/messages/rewards';
import { MONTHLY_GIFT_VALIDATIONS } from '../../../../domain/rewards';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Dialog, DialogClose } from '../../../components/ui/dialog';

/**
 * The monthly gift (10 validations or more in a calendar month): shown first; the badge
 * dialog takes its place 1.5 s later (useRewardAnnouncements).
 */
export function MonthlyGiftDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      testId="gift-dialog"
      className="text-center"
      icon={
        <span className="mx-auto mb-6 flex size-24 items-center justify-center rounded-full bg-accent-soft text-accent motion-safe:animate-bounce">
          <Gift size={48} aria-hidden="true" />
        </span>
      }
      title={t.giftTitle}
      description={fill(t.giftText, { n: MONTHLY_GIFT_VALIDATIONS })}
    >
      <DialogClose className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}>
        {t.close}
      </DialogClose>
    </Dialog>
  );
}
