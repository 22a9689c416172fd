import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DiscussionPage,
  DiscussionPost,
  DiscussionSummary,
  DiscussionThread,
} from '../../domain/discussions.schemas';
import { discussionMessages as m } from '../../domain/messages/discussions';
import { AppToaster } from '../app/toaster';
import { DiscussionsSection } from '../features/discussions/components/discussions-section';
import { liveHub } from '../lib/live';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { apiError, mockApi } from '../test/fetch-mock';
import { aSessionUser } from '../test/session-user';
import { DiscussionPage as DiscussionRoute } from './discussion';

const me = aSessionUser({ username: 'Léa Martin' });
const book = { id: '9d0c7a1e-2222-4000-8000-000000000009', slug: 'candide', title: 'Candide' };
const api = `/api/books/${book.slug}/discussions/1`;
const paul = { id: '0b7a4c6e-1111-4000-8000-000000000002', name: 'Paul Durand', avatar: null };
const lea = { id: me.id, name: 'Léa Martin', avatar: null };

let counter = 0;
function aPost(overrides: Partial<DiscussionPost> = {}): DiscussionPost {
  counter += 1;
  const author = overrides.author === undefined ? paul : overrides.author;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    bookId: book.id,
    segment: 1,
    parentId: null,
    content: `Message ${counter}`,
    removed: false,
    createdAt: '2026-03-12T13:05:00.000Z',
    author,
    mine: author?.id === me.id,
    bookys: 0,
    bookedByMe: false,
    ...overrides,
  };
}
const aThread = (
  post: Partial<DiscussionPost> = {},
  replies: DiscussionPost[] = [],
  replyCount = replies.length,
): DiscussionThread => ({ ...aPost(post), replies, replyCount });
const aPage = (items: DiscussionThread[], nextCursor: string | null = null): DiscussionPage => ({
  book,
  segment: 1,
  pages: { from: 1, to: 30 },
  items,
  nextCursor,
});

function BookProbe() {
  const state = useLocation().state as { accessDenied?: string } | null;
  return <p data-testid="book-page">{state?.accessDenied ?? 'sans message'}</p>;
}

function renderDiscussion(at = `/books/${book.slug}/discussions/1`) {
  setSignedIn(me);
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/books/:ref/discussions/:segment" element={<DiscussionRoute />} />
        <Route path="/books/:ref" element={<BookProbe />} />
        <Route path="/cercles/:id" element={<p data-testid="circle-page">cercle</p>} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const log = () => screen.getByRole('log', { name: m.listLabel });

describe('a segment’s discussion', () => {
  it('shows its pages, the threads with their replies as text, and the actions each may take', async () => {
    const reply = aPost({ author: lea, content: 'Ma réponse', parentId: 'p' });
    const thread = aThread({ content: '<b>Pangloss !</b>', bookys: 2 }, [reply], 5);
    mockApi({ [`GET ${api}`]: { body: aPage([thread]) } });
    renderDiscussion();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Discussion des pages 1 à 30' }),
    ).toBeTruthy();
    expect(screen.getByText('Candide')).toBeTruthy();
    const first = within(log()).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('<b>Pangloss !</b>')).toBeTruthy();
    expect(first.querySelector('b')).toBeNull();
    expect(within(first).getByRole('button', { name: /Donner un Booky/ }).textContent).toContain(
      '2 Bookys',
    );
    const replies = within(first).getByRole('list', { name: 'Réponses à Paul Durand' });
    expect(within(replies).getByText('Ma réponse')).toBeTruthy();
    expect(within(replies).getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    expect(within(replies).queryByRole('button', { name: 'Répondre' })).toBeNull();
    expect(
      within(first).getByRole('button', { name: 'Afficher les réponses suivantes (4)' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au livre' }).getAttribute('href')).toBe(
      '/books/candide',
    );
    expect(document.body.textContent).toContain(m.hint);
  });

  it('shows the spec’s empty state, posts trimmed, and shows a reply sent under its post', async () => {
    let posted: unknown[] = [];
    const root = aPost({ author: lea, content: 'Bonjour à tous' });
    mockApi({
      [`GET ${api}`]: { body: aPage([]) },
      [`POST ${api}`]: ({ body }) => {
        posted = [...posted, body];
        return { status: 201, body: root };
      },
    });
    const user = renderDiscussion();
    expect(await screen.findByText('Aucun message pour le moment.')).toBeTruthy();
    expect(screen.getByText('Soyez le premier à partager vos impressions !')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: m.inputLabel }), '  Bonjour à tous ');
    await user.click(screen.getByRole('button', { name: m.send }));
    expect(await screen.findByText('Message envoyé !')).toBeTruthy();
    expect(posted).toEqual([{ content: 'Bonjour à tous' }]);
    expect(within(log()).getByText('Bonjour à tous')).toBeTruthy();
  });

  it('adds a post that arrives live once, and a reply under its thread; a removal takes it out', async () => {
    const thread = aThread({ content: 'Premier' });
    mockApi({ [`GET ${api}`]: { body: aPage([thread]) } });
    renderDiscussion();
    await screen.findByText('Premier');
    const live = aPost({ content: 'Arrivé en direct' });
    const reply = aPost({ content: 'Réponse en direct', parentId: thread.id });
    const other = aPost({ content: 'Autre passage', segment: 2 });
    act(() => {
      liveHub.emit('discussion.post', live, '1');
      liveHub.emit('discussion.post', live, '2');
      liveHub.emit('discussion.post', reply, '3');
      liveHub.emit('discussion.post', other, '4');
    });
    // The cache tells the screen on its next tick.
    await vi.waitFor(() => expect(within(log()).getAllByText('Arrivé en direct')).toHaveLength(1));
    expect(within(log()).getByText('Réponse en direct')).toBeTruthy();
    expect(within(log()).queryByText('Autre passage')).toBeNull();
    act(() => liveHub.emit('discussion.removed', { id: live.id, parentId: null }, '5'));
    await vi.waitFor(() => expect(within(log()).queryByText('Arrivé en direct')).toBeNull());
  });

  it('sends a reader who has not validated the segment back to the book page with the reason', async () => {
    mockApi({ [`GET ${api}`]: apiError(403, 'FORBIDDEN', m.accessDenied) });
    renderDiscussion();
    expect((await screen.findByTestId('book-page')).textContent).toBe(m.accessDenied);
  });
});

describe('a reading circle’s discussion of a segment', () => {
  const circle = '7c2d3e4f-3333-4000-8000-000000000042';

  it('asks for the circle’s posts and writes there, with a way back to the circle', async () => {
    const fetchMock = mockApi({
      [`GET ${api}?circle=${circle}`]: { body: aPage([aThread({ content: 'Entre nous' })]) },
      [`POST ${api}?circle=${circle}`]: {
        status: 201,
        body: aPost({ author: lea, content: 'Moi aussi' }),
      },
    });
    const user = renderDiscussion(`/books/${book.slug}/discussions/1?cercle=${circle}`);
    expect(await screen.findByText('Entre nous')).toBeTruthy();
    expect(screen.getByText('Entre les membres du cercle')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au cercle' }).getAttribute('href')).toBe(
      `/cercles/${circle}`,
    );
    await user.type(screen.getByRole('textbox', { name: m.inputLabel }), 'Moi aussi');
    await user.click(screen.getByRole('button', { name: m.send }));
    expect(await within(log()).findByText('Moi aussi')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'POST' && String(url) === `${api}?circle=${circle}`,
      ),
    ).toBe(true);
  });

  it('sends a reader outside the circle to its page with the reason', async () => {
    mockApi({
      [`GET ${api}?circle=${circle}`]: apiError(
        404,
        'NOT_FOUND',
        'Ce cercle n’existe pas ou tu n’en fais pas partie.',
      ),
    });
    renderDiscussion(`/books/${book.slug}/discussions/1?cercle=${circle}`);
    expect(await screen.findByTestId('circle-page')).toBeTruthy();
    expect(
      await screen.findByText('Ce cercle n’existe pas ou tu n’en fais pas partie.'),
    ).toBeTruthy();
  });

  it('is listed on the circle’s page, each segment read linking to it, without the room', async () => {
    mockApi({
      [`GET /api/books/${book.slug}/discussions?circle=${circle}`]: {
        body: {
          book,
          segments: [
            { segment: 1, from: 1, to: 30, open: true, readers: 2, posts: 3 },
            { segment: 2, from: 31, to: 60, open: false, readers: 1, posts: null },
          ],
          salonOpen: true,
        },
      },
    });
    setSignedIn(me);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <DiscussionsSection book={book} validated={1} circleId={circle} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const open = await screen.findByRole('link', { name: /Discussion des pages 1 à 30/ });
    expect(open.getAttribute('href')).toBe(`/books/candide/discussions/1?cercle=${circle}`);
    expect(screen.getByRole('heading', { name: 'Les discussions du cercle' })).toBeTruthy();
    expect(screen.queryByText(m.salon)).toBeNull();
  });
});

describe('the book page’s discussions', () => {
  const summary: DiscussionSummary = {
    book,
    segments: [
      { segment: 1, from: 1, to: 30, open: true, readers: 3, posts: 12 },
      { segment: 2, from: 31, to: 60, open: false, readers: 2, posts: null },
      { segment: 3, from: 61, to: 90, open: false, readers: 0, posts: null },
    ],
    salonOpen: false,
  };

  it('links each segment read to its discussion, counts the readers of the others, and ends with the room', async () => {
    mockApi({ [`GET /api/books/${book.slug}/discussions`]: { body: summary } });
    setSignedIn(me);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <DiscussionsSection book={book} validated={1} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const open = await screen.findByRole('link', { name: /Discussion des pages 1 à 30/ });
    expect(open.getAttribute('href')).toBe('/books/candide/discussions/1');
    expect(open.textContent).toContain('12 messages');
    expect(screen.getByText(/2 lecteurs en parlent/)).toBeTruthy();
    expect(screen.queryByText('Pages 61 à 90')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(m.salon)).toBeTruthy();
    expect(screen.getByText(m.salonLocked)).toBeTruthy();
  });

  it('says it could not load them, and tries again', async () => {
    let calls = 0;
    mockApi({
      [`GET /api/books/${book.slug}/discussions`]: () => {
        calls += 1;
        return calls === 1 ? apiError(404, 'NOT_FOUND', m.bookNotFound) : { body: summary };
      },
    });
    setSignedIn(me);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <DiscussionsSection book={book} validated={0} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(m.sectionError)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByRole('link', { name: /Discussion des pages 1 à 30/ })).toBeTruthy();
  });
});
