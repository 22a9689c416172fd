import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBook,
  AdminBookSort,
  AdminBooksPage,
  BookChanges,
  BookQuestions,
  BookRemoval,
  NewBook,
  QuestionsImportResult,
  SegmentStatusPage,
} from '../../../../domain/admin-books.schemas';
import type { QuestionFigures } from '../../../../domain/question-proposals';
import { apiRequest } from '../../../lib/api-client';

export type AdminBooksParams = {
  q: string;
  sort: AdminBookSort;
  published: 'all' | 'yes' | 'no';
  /**
   * 'community': the books readers added that await confirmation; 'reported': the books readers
   * reported (decision 048).
   */
  origin?: 'all' | 'community' | 'reported';
  page: number;
};

// Every admin read shares this prefix: a write refetches them all.
const adminKey = ['admin-books'] as const;

export function useAdminBooks(params: AdminBooksParams) {
  return useQuery({
    queryKey: [...adminKey, 'list', params],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ sort: params.sort, page: String(params.page) });
      if (params.q) query.set('q', params.q);
      if (params.published !== 'all') query.set('published', params.published);
      if (params.origin && params.origin !== 'all') query.set('origin', params.origin);
      return apiRequest<AdminBooksPage>(`/api/admin/books?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useBookQuestions(bookId: string) {
  return useQuery({
    queryKey: [...adminKey, 'questions', bookId],
    queryFn: ({ signal }) =>
      apiRequest<BookQuestions>(`/api/admin/books/${bookId}/questions`, { signal }),
  });
}

/**
 * GET /api/admin/books/:id/question-figures: the figures of the book's approved and pending
 * questions, by question id (decision 047).
 */
export function useQuestionFigures(bookId: string) {
  return useQuery({
    queryKey: [...adminKey, 'question-figures', bookId],
    queryFn: ({ signal }) =>
      apiRequest<{ figures: Record<string, QuestionFigures> }>(
        `/api/admin/books/${bookId}/question-figures`,
        { signal },
      ),
  });
}

export function useSegmentStatus(page: number) {
  return useQuery({
    queryKey: [...adminKey, 'segments', page],
    queryFn: ({ signal }) =>
      apiRequest<SegmentStatusPage>(`/api/admin/segment-status?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function bookUsage(bookId: string) {
  return apiRequest<{ readers: number }>(`/api/admin/books/${bookId}/usage`);
}

/** The admin writes; each refreshes every admin list once done. */
export function useAdminBookWrites() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: adminKey });
  return {
    create: useMutation({
      mutationFn: (book: NewBook) =>
        apiRequest<AdminBook>('/api/admin/books', { method: 'POST', body: book }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: BookChanges }) =>
        apiRequest<AdminBook>(`/api/admin/books/${id}`, { method: 'PATCH', body: changes }),
      onSuccess,
    }),
    confirm: useMutation({
      mutationFn: (id: string) =>
        apiRequest<AdminBook>(`/api/admin/books/${id}/confirm`, { method: 'POST' }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<BookRemoval>(`/api/admin/books/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
    putQuestion: useMutation({
      mutationFn: (q: { id: string; segment: number; question: string; answer: string }) =>
        apiRequest<BookQuestions>(`/api/admin/books/${q.id}/questions/${q.segment}`, {
          method: 'PUT',
          body: { question: q.question, answer: q.answer },
        }),
      onSuccess,
    }),
    removeQuestion: useMutation({
      mutationFn: ({ id, segment }: { id: string; segment: number }) =>
        apiRequest<BookQuestions>(`/api/admin/books/${id}/questions/${segment}`, {
          method: 'DELETE',
        }),
      onSuccess,
    }),
    importQuestions: useMutation({
      mutationFn: (i: { id: string; format: 'json' | 'csv'; content: string }) =>
        apiRequest<QuestionsImportResult>(`/api/admin/books/${i.id}/questions/import`, {
          method: 'POST',
          body: { format: i.format, content: i.content },
        }),
      onSuccess,
    }),
  };
}
