import { questionProposalsMessages as m } from '../../domain/messages/question-proposals';
import { QueryProvider } from '../app/query-provider';
import { ReviewQuestionsScreen } from '../features/question-proposals/components/review-screen';
import { usePageMeta } from '../lib/use-page-meta';

/** /review-questions: a signed-in reader reviews the questions others proposed (decision 045). */
export function ReviewQuestionsPage() {
  usePageMeta({ title: m.reviewDocumentTitle });
  return (
    <QueryProvider>
      <ReviewQuestionsScreen />
    </QueryProvider>
  );
}
