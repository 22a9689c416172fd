import { useParams, useSearchParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { DiscussionScreen } from '../features/discussions/components/discussion-screen';

/**
 * /books/{slug}/discussions/{segment}: a segment's discussion, for a reader who validated it;
 * signed in only. A segment that is not a whole number is left to the server's refusal.
 * `?cercle=<id>`: a reading circle's discussion of it, for its members (decision 056).
 */
export function DiscussionPage() {
  const { ref = '', segment = '' } = useParams();
  const [search] = useSearchParams();
  const circleId = search.get('cercle') || null;
  const n = /^[1-9][0-9]{0,4}$/.test(segment) ? Number(segment) : 0;
  return (
    <ProtectedRoute>
      <QueryProvider>
        {/* Another segment is another discussion: nothing of the previous one is kept. */}
        <DiscussionScreen
          key={`${ref}/${n}/${circleId ?? ''}`}
          bookRef={ref}
          segment={n}
          circleId={circleId}
        />
      </QueryProvider>
    </ProtectedRoute>
  );
}
