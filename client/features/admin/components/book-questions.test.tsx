import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBook, BookQuestions, SegmentSlot } from '../../../../domain/admin-books.schemas';
import type { QuestionFigures } from '../../../../domain/question-proposals';
import { mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { BookQuestions as BookQuestionsScreen } from './book-questions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const book: AdminBook = {
  id: '0b7a4c6e-1111-4000-8000-000000000001',
  slug: 'germinal-emile-zola',
  title: 'Germinal',
  author: 'Émile Zola',
  description: '',
  category: 'litterature',
  tags: [],
  year: 1885,
  totalPages: 60,
  expectedSegments: 2,
  isPublished: true,
  questionsAvailable: 2,
  coverUrl: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  isbn13: null,
  communityAdded: false,
  reports: 0,
};

const slot = (segment: number, pool: SegmentSlot['pool']): SegmentSlot => ({
  segment,
  from: 30 * (segment - 1) + 1,
  to: 30 * segment,
  question: pool[0]?.question ?? null,
  answer: pool[0]?.answer ?? null,
  beyond: false,
  pool,
});

const questions: BookQuestions = {
  book,
  status: 'complete',
  slots: [
    slot(1, [
      { id: 'q-1', question: 'Où arrive Étienne\u00a0?', answer: 'montsou', byReader: false },
      {
        id: 'q-2',
        question: 'Quel est le nom de la mine\u00a0?',
        answer: 'voreux',
        byReader: true,
      },
      { id: 'q-3', question: 'Qui accueille Étienne\u00a0?', answer: 'bonnemort', byReader: false },
    ]),
    slot(2, [
      { id: 'q-4', question: 'Qui est Catherine\u00a0?', answer: 'herscheuse', byReader: true },
    ]),
  ],
};

const never: QuestionFigures = { attempts: 0, firstTry: 0, jokers: 0, reports: 0 };

function renderQuestions(figures: Record<string, QuestionFigures> = {}) {
  mockApi({
    [`GET /api/admin/books/${book.id}/questions`]: { body: questions },
    [`GET /api/admin/books/${book.id}/question-figures`]: { body: { figures } },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderScreen(
    <QueryClientProvider client={client}>
      <BookQuestionsScreen bookId={book.id} />
    </QueryClientProvider>,
    { path: '/admin/books/:id/questions', at: `/admin/books/${book.id}/questions` },
  );
  return userEvent.setup();
}

describe("the back office's questions of a book", () => {
  it("lists a segment's other approved questions under its form, marking the readers'", async () => {
    renderQuestions();
    const first = await screen.findByRole('form', { name: 'Segment 1 pages 1 à 30' });
    expect((within(first).getByLabelText('Question') as HTMLInputElement).value).toBe(
      'Où arrive Étienne\u00a0?',
    );
    const others = within(first).getByRole('list', { name: 'Les autres questions de ce segment' });
    const items = within(others).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Quel est le nom de la mine\u00a0? (Réponse\u00a0: voreux)Proposée par un lecteur',
      'Qui accueille Étienne\u00a0? (Réponse\u00a0: bonnemort)',
    ]);
  });

  it('lists nothing more for a pool of one, and marks its question when a reader wrote it', async () => {
    renderQuestions();
    const second = await screen.findByRole('form', { name: 'Segment 2 pages 31 à 60' });
    expect(within(second).queryByRole('list')).toBeNull();
    expect(within(second).getByText('Proposée par un lecteur')).toBeTruthy();
  });

  it('shows under each question of a pool its figures, once it was answered or reported', async () => {
    renderQuestions({
      'q-1': { attempts: 24, firstTry: 3, jokers: 1, reports: 0 },
      'q-2': never,
      'q-3': { attempts: 0, firstTry: 0, jokers: 0, reports: 2 },
      'q-4': { attempts: 1, firstTry: 1, jokers: 0, reports: 1 },
    });
    const first = await screen.findByRole('form', { name: 'Segment 1 pages 1 à 30' });
    const figures = await within(first).findByText(
      '24 lecteurs, 3 du premier coup, 1 joker, 0 signalement',
    );
    // Read with the question it is about.
    const question = within(first).getByLabelText('Question');
    expect(question.getAttribute('aria-describedby')).toBe(figures.id);
    const others = within(first).getByRole('list', { name: 'Les autres questions de ce segment' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Quel est le nom de la mine\u00a0? (Réponse\u00a0: voreux)Proposée par un lecteur',
      'Qui accueille Étienne\u00a0? (Réponse\u00a0: bonnemort)0 lecteur, 0 du premier coup, 0 joker, 2 signalements',
    ]);
    const second = screen.getByRole('form', { name: 'Segment 2 pages 31 à 60' });
    expect(
      within(second).getByText('1 lecteur, 1 du premier coup, 0 joker, 1 signalement'),
    ).toBeTruthy();
  });

  it('shows under the answer what a reader may type and still be right', async () => {
    const user = renderQuestions();
    const first = await screen.findByRole('form', { name: 'Segment 1 pages 1 à 30' });
    const answer = within(first).getByLabelText('Réponse (un seul mot)');
    expect(within(first).getByText(/^Accepté aussi.*MONTSOU/)).toBeTruthy();
    await user.clear(answer);
    expect(
      within(first).getByText('Saisis une réponse pour voir ce qui sera accepté.'),
    ).toBeTruthy();
  });
});
