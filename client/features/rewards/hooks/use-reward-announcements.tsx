import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { fill } from '../../../../domain/messages/fill';
import { rewardAnnouncementMessages as t } from '../../../../domain/messages/rewards';
import type { EarnedRewards } from '../../../../domain/validation.schemas';
import { lazyChunk, useLazyChunk } from '../../../lib/lazy-chunk';
import { achievementsKey } from '../api/use-achievements';
import { statsKey } from '../api/use-stats';
import type { EarnedBadge } from '../components/badge-unlocked-dialog';

/**
 * The dialogs and the confetti (Radix Dialog) come with the first announcement, or before when
 * a screen preloads them once idle: the book page starts faster without their code.
 */
export const rewardDialogsChunk = lazyChunk(() => import('../components/reward-dialogs'));
export const loadRewardDialogs = () => rewardDialogsChunk.load();

/** The badge dialog opens 1.5 s after the gift dialog (docs/architecture.md#client-timings). */
export const BADGE_AFTER_GIFT_MS = 1500;

type Shown = { badges: EarnedBadge[]; xp: number; level: number | null };

/**
 * Announces what a validation earned. Call `announce(result.rewards)` after every validated
 * segment (answer or joker) and render `element` once in the screen:
 * - a toast 'Quête accomplie : {title}' per quest, and 'Nouveau badge débloqué : {name}' per
 *   badge when the badge dialog opens;
 * - with the monthly gift, the gift dialog, then 1.5 s later the badge dialog in its place
 *   (with the badge toasts); otherwise the badge dialog at once when a badge was earned;
 * - a new level (rewards.levelReached): said in the badge dialog when a badge came with it,
 *   else in its own dialog 'Niveau N atteint !';
 * - confetti for 5 s when anything was earned (none for readers who prefer less motion);
 * - the reader's achievements and stats are refetched (XP changed in any case).
 */
export function useRewardAnnouncements(): {
  announce: (rewards: EarnedRewards) => void;
  element: ReactNode;
} {
  const queryClient = useContext(QueryClientContext);
  const [giftOpen, setGiftOpen] = useState(false);
  const [badgeOpen, setBadgeOpen] = useState(false);
  const [levelOpen, setLevelOpen] = useState(false);
  // Kept after closing, so the dialog's content stays while it fades out.
  const [shown, setShown] = useState<Shown>({ badges: [], xp: 0, level: null });
  const [confetti, setConfetti] = useState(0);
  // Mounted from the first announcement on (the dialogs' code is loaded then).
  const [announced, setAnnounced] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dialogs = useLazyChunk(rewardDialogsChunk);
  const requestDialogs = dialogs.request;

  useEffect(() => () => clearTimeout(timer.current), []);

  const announce = useCallback(
    (rewards: EarnedRewards) => {
      for (const key of [achievementsKey, statsKey]) {
        void queryClient?.invalidateQueries({ queryKey: key });
      }
      const toastBadges = () => {
        for (const badge of rewards.badges) toast.success(fill(t.badgeToast, { name: badge.name }));
      };
      for (const quest of rewards.quests) {
        toast.success(fill(t.questToast, { title: quest.title }), {
          description: quest.description,
        });
      }

      const hasBadges = rewards.badges.length > 0;
      const level = rewards.levelReached;
      const anything = hasBadges || rewards.quests.length > 0 || rewards.monthlyGift;
      if (anything || level !== null) void requestDialogs();
      if (hasBadges || rewards.monthlyGift) {
        setAnnounced(true);
        clearTimeout(timer.current);
        setLevelOpen(false);
        setShown({ badges: rewards.badges, xp: rewards.xp, level });
        if (rewards.monthlyGift) {
          setBadgeOpen(false);
          setGiftOpen(true);
          // The gift is a surprise: its badge is told when the badge dialog shows it.
          timer.current = setTimeout(() => {
            setGiftOpen(false);
            if (hasBadges) setBadgeOpen(true);
            toastBadges();
          }, BADGE_AFTER_GIFT_MS);
        } else {
          setGiftOpen(false);
          setBadgeOpen(true);
          toastBadges();
        }
      } else if (level !== null) {
        // A level alone has its own dialog; with a badge, the badge dialog says it.
        setAnnounced(true);
        clearTimeout(timer.current);
        setGiftOpen(false);
        setBadgeOpen(false);
        setShown({ badges: [], xp: rewards.xp, level });
        setLevelOpen(true);
      }
      if (anything || level !== null) {
        setAnnounced(true);
        setConfetti((n) => n + 1);
      }
    },
    [queryClient, requestDialogs],
  );

  const endConfetti = useCallback(() => setConfetti(0), []);

  const RewardDialogs = announced ? dialogs.module?.RewardDialogs : undefined;
  const element = RewardDialogs ? (
    <RewardDialogs
      gift={{ open: giftOpen, onOpenChange: setGiftOpen }}
      badge={{ ...shown, open: badgeOpen, onOpenChange: setBadgeOpen }}
      level={{ level: shown.level, open: levelOpen, onOpenChange: setLevelOpen }}
      confetti={confetti}
      onConfettiDone={endConfetti}
    />
  ) : null;
  return { announce, element };
}
