import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { ChatScreen } from '../features/chat/components/chat-screen';

/** /finished-chat/{slug} ('Salon'): the room of a book the reader finished; signed in only. */
export function FinishedChatPage() {
  const { slug = '' } = useParams();
  return (
    <ProtectedRoute>
      <QueryProvider>
        {/* Another book is another room: nothing of the previous one is kept. */}
        <ChatScreen key={slug} slug={slug} />
      </QueryProvider>
    </ProtectedRoute>
  );
}
