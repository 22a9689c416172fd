import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { BookDetailScreen } from '../features/catalogue/components/book-detail-screen';
import { BookPageListButton } from '../features/reading-list/components/list-buttons';
import { useRewardAnnouncements } from '../features/rewards/hooks/use-reward-announcements';
import { ValidationDialogs } from '../features/validation/components/validation-dialogs';
import { useValidationFlow } from '../features/validation/hooks/use-validation-flow';

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
 * opens the flow's modals; what a validation earned is announced once its modal is closed
 * (the reward dialogs and confetti stay mounted here, outside the modals that close).
 */
function BookWithValidation({ bookRef }: { bookRef: string }) {
  const rewards = useRewardAnnouncements();
  const flow = useValidationFlow({ onRewards: rewards.announce });
  return (
    <>
      <BookDetailScreen bookRef={bookRef} onValidate={flow.start} listButton={BookPageListButton} />
      <ValidationDialogs flow={flow} />
      {rewards.element}
    </>
  );
}
