import { useParams } from 'react-router';
import { BookQuestions } from '../features/admin/components/book-questions';

/** /admin/books/:id/questions: a book's questions (inside the admin layout). */
export function AdminBookQuestionsPage() {
  const { id = '' } = useParams();
  return <BookQuestions key={id} bookId={id} />;
}
