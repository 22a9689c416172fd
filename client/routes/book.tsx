import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { BookDetailScreen } from '../features/catalogue/components/book-detail-screen';
import type { ValidateHandler } from '../features/catalogue/components/book-reader-panel';
import type { ContributionsSlotProps } from '../features/catalogue/components/contributions-slot';
import type { ReportBookSlotProps } from '../features/catalogue/components/report-book-slot';
import { loadStartCircleDialog, StartCircle } from '../features/circles/components/start-circle';
import { DiscussionsSection } from '../features/discussions/components/discussions-section';
import { DeviceReadingPanel } from '../features/kosync/components/device-reading-panel';
import {
  BookContributions,
  loadProposalDialog,
} from '../features/question-proposals/components/book-contributions';
import { loadReportBookDialog, ReportBook } from '../features/reader-books/components/report-book';
import { BookPageListButton } from '../features/reading-list/components/list-buttons';
import { achievementsKey } from '../features/rewards/api/use-achievements';
import { statsKey } from '../features/rewards/api/use-stats';
import {
  rewardDialogsChunk,
  useRewardAnnouncements,
} from '../features/rewards/hooks/use-reward-announcements';
import { refreshAfterValidation } from '../features/validation/api/refresh-after-validation';
import { useValidationFlow } from '../features/validation/hooks/use-validation-flow';
import { afterLoadAndIdle } from '../lib/after-load-idle';
import { lazyChunk, useLazyChunk } from '../lib/lazy-chunk';
import { useSession } from '../lib/use-session';

// The flow's modals (Radix Dialog) are not needed to show the book: their code comes once the
// page is idle for a signed-in reader, who may validate, or when the flow first opens.
const validationDialogsChunk = lazyChunk(
  () => import('../features/validation/components/validation-dialogs'),
);

/** The code of every dialog the book page may open: a validation's, a proposal's, a report's. */
export function loadBookDialogs(): Promise<unknown> {
  return Promise.all([
    validationDialogsChunk.load(),
    rewardDialogsChunk.load(),
    loadProposalDialog(),
    loadReportBookDialog(),
    loadStartCircleDialog(),
  ]);
}

/**
 * What the reader may propose or review on this book (decision 045). A proposal that counts
 * its segment as read refreshes what a validation refreshes, and the reader's statistics (a
 * series or a quest may have moved; no XP before the review).
 */
function BookPageContributions(props: ContributionsSlotProps) {
  const client = useQueryClient();
  const onCountedAsRead = useCallback(
    (bookId: string) => {
      refreshAfterValidation(client, bookId);
      for (const queryKey of [achievementsKey, statsKey]) {
        void client.invalidateQueries({ queryKey });
      }
    },
    [client],
  );
  return <BookContributions {...props} onCountedAsRead={onCountedAsRead} />;
}

/** The signed-in reader's acts at the foot of the book: a reading circle, a report. */
function BookFootActions(props: ReportBookSlotProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-6">
      <StartCircle book={props.book} />
      <ReportBook book={props.book} />
    </div>
  );
}

/** /books/{id or slug} and /book/{id or slug}: open to visitors, who are asked to sign in. */
export function BookPage() {
  const { ref = '' } = useParams();
  return (
    <QueryProvider>
      {/* A new book is a new page: nothing of the previous one is kept. */}
      <BookWithValidation key={ref} bookRef={ref} />
    </QueryProvider>
  );
}

/**
 * The book screen with its list button and its segment validation flow: the validate button
 * opens the flow's modals (busy while their code downloads); what a validation earned is
 * announced once its modal is closed (the reward dialogs and confetti stay mounted here,
 * outside the modals that close).
 */
function BookWithValidation({ bookRef }: { bookRef: string }) {
  const rewards = useRewardAnnouncements();
  const flow = useValidationFlow({ onRewards: rewards.announce });
  const dialogs = useLazyChunk(validationDialogsChunk);
  const signedIn = useSession().status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    // A failed preload is tried again, and said, when the reader presses the button.
    return afterLoadAndIdle(() => void loadBookDialogs().catch(() => {}));
  }, [signedIn]);
  const { busy, request } = dialogs;
  const { start } = flow;
  const validate = useCallback<ValidateHandler>(
    (context) => {
      if (busy) return;
      void request().then((loaded) => loaded && start(context));
    },
    [busy, request, start],
  );
  const ValidationDialogs = dialogs.module?.ValidationDialogs;
  return (
    <>
      <BookDetailScreen
        bookRef={bookRef}
        onValidate={validate}
        validating={busy}
        listButton={BookPageListButton}
        contributions={BookPageContributions}
        reportBook={BookFootActions}
        deviceReading={DeviceReadingPanel}
        discussions={DiscussionsSection}
      />
      {flow.state.step === 'idle' || !ValidationDialogs ? null : <ValidationDialogs flow={flow} />}
      {rewards.element}
    </>
  );
}
