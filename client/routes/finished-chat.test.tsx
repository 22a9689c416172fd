import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatPage } from '../../domain/chat.schemas';
import { chatMessages as m } from '../../domain/messages/chat';
import { AppToaster } from '../app/toaster';
import { liveHub } from '../lib/live';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { aSessionUser } from '../test/session-user';
import { FinishedChatPage } from './finished-chat';

const me = aSessionUser({ username: 'Léa Martin' });
const book = { id: '9d0c7a1e-2222-4000-8000-000000000009', slug: 'candide', title: 'Candide' };
const room = `/api/books/${book.slug}/chat`;
const paul = { id: '0b7a4c6e-1111-4000-8000-000000000002', name: 'Paul Durand', avatar: null };

let counter = 0;
function aMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  counter += 1;
  const author = overrides.author ?? paul;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    bookId: book.id,
    content: `Message ${counter}`,
    createdAt: '2026-03-12T13:05:00.000Z',
    author,
    authorId: author.id,
    mine: author.id === me.id,
    ...overrides,
  };
}
const mine = (overrides: Partial<ChatMessage> = {}) =>
  aMessage({ author: { id: me.id, name: 'Léa Martin', avatar: null }, ...overrides });
const aPage = (items: ChatMessage[], nextCursor: string | null = null): ChatPage => ({
  book,
  items,
  nextCursor,
});

function BookProbe() {
  const state = useLocation().state as { accessDenied?: string } | null;
  return <p data-testid="book-page">{state?.accessDenied ?? 'sans message'}</p>;
}
function Where() {
  return <span data-testid="path">{useLocation().pathname}</span>;
}

function renderChat() {
  setSignedIn(me);
  render(
    <MemoryRouter initialEntries={[`/finished-chat/${book.slug}`]}>
      <Routes>
        <Route path="/finished-chat/:slug" element={<FinishedChatPage />} />
        <Route path="/books/:ref" element={<BookProbe />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
      <AppToaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const input = () => screen.getByRole('textbox', { name: m.inputLabel });
const sendButton = () => screen.getByRole('button', { name: /Envo/ });
const items = () => within(screen.getByRole('log')).getAllByRole('listitem');

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the finished-book chat room', () => {
  it("shows 'Salon', the book, the messages with author, time and text, and 'Retour au livre'", async () => {
    const hello = aMessage({ content: '<b>Quel conte !</b>\nJe relis.' });
    mockApi({ [`GET ${room}`]: { body: aPage([hello, mine({ content: 'Moi aussi' })]) } });
    renderChat();
    expect(screen.getByRole('status').textContent).toContain(m.loading);
    expect(await screen.findByRole('heading', { level: 1, name: 'Salon' })).toBeTruthy();
    expect(screen.getByText('Candide')).toBeTruthy();
    const [first, second] = items() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Paul Durand' }).getAttribute('href')).toBe(
      `/profile/${paul.id}`,
    );
    // Text, never markup: the tags show as typed.
    expect(within(first).getByText(/<b>Quel conte !<\/b>/)).toBeTruthy();
    expect(first.querySelector('b')).toBeNull();
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe(hello.createdAt);
    expect(within(first).getByText('PD')).toBeTruthy(); // the avatar's initials
    // Own messages can be deleted, the others' reported.
    expect(within(first).getByRole('button', { name: 'Signaler' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Signaler' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour au livre' }).getAttribute('href')).toBe(
      '/books/candide',
    );
    expect(screen.getByText('Maximum 500 caractères')).toBeTruthy();
  });

  it('shows the empty state of the spec', async () => {
    mockApi({ [`GET ${room}`]: { body: aPage([]) } });
    renderChat();
    expect(await screen.findByText('Aucun message pour le moment.')).toBeTruthy();
    expect(screen.getByText('Soyez le premier à partager vos impressions !')).toBeTruthy();
  });

  it('sends on Enter (not on Shift+Enter), trimmed, once while a send runs, then empties the input', async () => {
    let answer: (value: { status: number; body: ChatMessage }) => void = () => {};
    const fetchMock = mockApi({
      [`GET ${room}`]: { body: aPage([]) },
      [`POST ${room}`]: ({ body }) =>
        new Promise((resolve) => {
          answer = resolve as unknown as typeof answer;
          expect(body).toEqual({ content: 'Bonjour\nà tous' });
        }) as Promise<never>,
    });
    const user = renderChat();
    await screen.findByText('Aucun message pour le moment.');
    await user.click(input());
    await user.keyboard('  Bonjour{Shift>}{Enter}{/Shift}à tous ');
    expect((input() as HTMLTextAreaElement).value).toBe('  Bonjour\nà tous ');
    expect(screen.getByText('14/500')).toBeTruthy();
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await user.click(sendButton());
    expect(posts()).toHaveLength(1);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer({ status: 201, body: mine({ content: 'Bonjour\nà tous' }) }));
    expect(await screen.findByText('Message envoyé !')).toBeTruthy();
    expect((input() as HTMLTextAreaElement).value).toBe('');
    expect(items()).toHaveLength(1);
  });

  it('does not send a blank or too long message, and says how long it is', async () => {
    const fetchMock = mockApi({ [`GET ${room}`]: { body: aPage([]) } });
    const user = renderChat();
    await screen.findByText('Aucun message pour le moment.');
    await user.click(input());
    await user.keyboard('   {Enter}');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input(), { target: { value: 'a'.repeat(501) } });
    expect(screen.getByText('501/500')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Enter}');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("says 'Erreur lors de l'envoi du message' with the server's reason, and keeps the text", async () => {
    mockApi({
      [`GET ${room}`]: { body: aPage([]) },
      [`POST ${room}`]: apiError(
        429,
        'RATE_LIMITED',
        'Trop de tentatives. Réessaie dans 1\u00a0min.',
      ),
    });
    const user = renderChat();
    await screen.findByText('Aucun message pour le moment.');
    await user.type(input(), 'Encore moi{Enter}');
    expect(await screen.findByText("Erreur lors de l'envoi du message")).toBeTruthy();
    // testing-library turns the no-break space into a plain one before matching.
    expect(screen.getByText(/Réessaie dans 1\smin/)).toBeTruthy();
    expect((input() as HTMLTextAreaElement).value).toBe('Encore moi');
  });

  it('sends an unknown book to /explore', async () => {
    mockApi({ [`GET ${room}`]: apiError(404, 'NOT_FOUND', "Ce livre n'existe pas.") });
    renderChat();
    await vi.waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/explore'));
  });

  it('sends a reader who has not finished the book to its page, with the spec sentence', async () => {
    mockApi({ [`GET ${room}`]: apiError(403, 'FORBIDDEN', m.accessDenied) });
    renderChat();
    expect((await screen.findByTestId('book-page')).textContent).toBe(
      'Vous devez terminer ce livre pour accéder au salon de discussion',
    );
    expect(screen.getByTestId('path').textContent).toBe('/books/candide');
  });

  it("says 'Erreur lors du chargement des messages' on another failure, and retries", async () => {
    let fail = true;
    mockApi({
      [`GET ${room}`]: () =>
        fail ? apiError(400, 'VALIDATION_ERROR', 'La requête est invalide.') : { body: aPage([]) },
    });
    const user = renderChat();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur lors du chargement des messages');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucun message pour le moment.')).toBeTruthy();
  });

  it('adds live messages of this room once, with whose they are, and removes removed ones', async () => {
    const first = aMessage();
    mockApi({ [`GET ${room}`]: { body: aPage([first]) } });
    renderChat();
    await screen.findByRole('log');
    // The tab's stream receives this book's room while the page is open.
    expect(liveHub.room()).toBe(`chat:${book.id}`);
    const arriving = aMessage({ content: 'Arrivé en direct', mine: false });
    act(() => {
      liveHub.emit('chat.message', arriving, '1');
      liveHub.emit('chat.message', arriving, '2'); // the same message again
      liveHub.emit('chat.message', { ...aMessage(), bookId: 'un-autre-livre' }, '3');
      liveHub.emit(
        'chat.message',
        { ...mine({ content: 'De mon autre onglet' }), mine: false },
        '4',
      );
    });
    // The cache tells the screen on its next tick.
    await vi.waitFor(() =>
      expect(items().map((li) => li.querySelector('p + p')?.textContent)).toEqual([
        first.content,
        'Arrivé en direct',
        'De mon autre onglet',
      ]),
    );
    // My own message from another tab is mine here too.
    expect(
      within(items()[2] as HTMLElement).getByRole('button', { name: 'Supprimer' }),
    ).toBeTruthy();
    act(() => liveHub.emit('chat.removed', { id: first.id }, '5'));
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText(first.content)).toBeNull();
    cleanup();
    expect(liveHub.room()).toBeNull();
  });

  it('loads older messages when scrolled to the top, above the others', async () => {
    const older = [aMessage({ content: 'Le plus ancien' })];
    const latest = [aMessage({ content: 'Récent' })];
    const fetchMock = mockApi({
      [`GET ${room}`]: { body: aPage(latest, 'curseur 2') },
      [`GET ${room}?before=curseur%202`]: { body: aPage(older) },
    });
    renderChat();
    const log = await screen.findByRole('log');
    expect(screen.getByRole('button', { name: m.olderButton })).toBeTruthy();
    fireEvent.scroll(log, { target: { scrollTop: 0 } });
    expect(await screen.findByText('Le plus ancien')).toBeTruthy();
    expect(items().map((li) => li.querySelector('p + p')?.textContent)).toEqual([
      'Le plus ancien',
      'Récent',
    ]);
    expect(screen.queryByRole('button', { name: m.olderButton })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('deletes my message after a confirmation, with a toast', async () => {
    const own = mine({ content: 'Je retire' });
    const fetchMock = mockApi({
      [`GET ${room}`]: { body: aPage([own]) },
      [`DELETE /api/chat/messages/${own.id}`]: { body: { removed: true } },
    });
    const user = renderChat();
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('dialog', { name: m.deleteConfirmTitle });
    // 'Annuler' changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Message supprimé')).toBeTruthy();
    expect(await screen.findByText('Aucun message pour le moment.')).toBeTruthy();
  });

  it("reports another reader's message after a confirmation, and says when it already was", async () => {
    const theirs = aMessage({ content: 'Discutable' });
    let reported = false;
    mockApi({
      [`GET ${room}`]: { body: aPage([theirs]) },
      [`POST /api/chat/messages/${theirs.id}/report`]: () => {
        if (reported) return apiError(409, 'ALREADY_EXISTS', m.alreadyReported);
        reported = true;
        return { body: { reported: true } };
      },
    });
    const user = renderChat();
    const report = async () => {
      await user.click(await screen.findByRole('button', { name: 'Signaler' }));
      const dialog = screen.getByRole('dialog', { name: m.reportConfirmTitle });
      await user.click(within(dialog).getByRole('button', { name: 'Signaler' }));
    };
    await report();
    expect(await screen.findByText(/^Message signalé\. Merci\s!$/)).toBeTruthy();
    await report();
    expect(await screen.findByText(m.alreadyReported)).toBeTruthy();
    expect(screen.getByText('Discutable')).toBeTruthy();
  });

  it('keeps the loading state while the room is on its way', () => {
    mockApi({ [`GET ${room}`]: pending() });
    renderChat();
    expect(screen.getByRole('status').textContent).toContain(m.loading);
  });
});
