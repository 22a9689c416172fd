import { Link } from 'react-router';
import { MAX_LEVEL } from '../../../../domain/levels';
import { fill } from '../../../../domain/messages/fill';
import { rewardAnnouncementMessages as t } from '../../../../domain/messages/rewards';
import { appPaths } from '../../../../domain/screen-paths';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Dialog, DialogClose } from '../../../components/ui/dialog';

/** 'Niveau N atteint !' with what comes next (levels: domain/levels.ts). */
export function levelUpTexts(level: number): { title: string; text: string } {
  return {
    title: fill(t.levelTitle, { level }),
    text: level >= MAX_LEVEL ? t.levelMax : fill(t.levelNext, { next: level + 1 }),
  };
}

/**
 * The level a validation reached, when no badge came with it (the badge dialog says it
 * otherwise): the level in a medal, what comes next, a link to /achievements and a close button.
 */
export function LevelUpDialog(props: {
  level: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { level, open, onOpenChange } = props;
  const texts = levelUpTexts(level);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      testId="level-dialog"
      className="text-center"
      icon={
        <span
          aria-hidden="true"
          className="mx-auto mb-5 flex size-20 items-center justify-center rounded-full bg-accent font-serif text-4xl font-semibold text-paper shadow-lg ring-4 ring-paper-deep"
        >
          {level}
        </span>
      }
      title={texts.title}
      description={texts.text}
    >
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
