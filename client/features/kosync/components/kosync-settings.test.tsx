import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KosyncDocument, KosyncOverview } from '../../../../domain/kosync.schemas';
import { fill } from '../../../../domain/messages/fill';
import { kosyncMessages as m } from '../../../../domain/messages/kosync';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { KosyncSettings } from './kosync-settings';

/** Texts with their no-break spaces, matched as they are. */
const asIs = { normalizer: (text: string) => text };

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const digest = 'd41d8cd98f00b204e9800998ecf8427e';
const unknown: KosyncDocument = {
  document: digest,
  title: 'Les Misérables',
  authors: null,
  device: 'Kobo_spaBW',
  percentage: 0.4,
  updatedAt: new Date().toISOString(),
  book: null,
  page: null,
};
const overview = (over: Partial<KosyncOverview> = {}): KosyncOverview => ({
  server: 'https://lisons.app/kosync',
  login: 'lea@exemple.fr',
  devices: [],
  documents: [],
  ...over,
});
const book = {
  id: '0b9f6b5e-2b3a-4d4a-9d55-6a9a4f1f8d11',
  slug: 'les-miserables-victor-hugo',
  title: 'Les Misérables',
  author: 'Victor Hugo',
  category: 'litterature',
  tags: [],
  totalPages: 300,
  expectedSegments: 10,
  coverUrl: null,
  coverWebpUrl: null,
  year: null,
  questionsReady: 10,
};

function renderSettings() {
  setSignedIn(aSessionUser());
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <KosyncSettings />
    </QueryClientProvider>,
    { path: '/profile' },
  );
  return userEvent.setup();
}

describe('KosyncSettings', () => {
  it('says it is loading, then what to type in KOReader, with empty lists', async () => {
    mockApi({ 'GET /api/kosync': { body: overview() } });
    renderSettings();
    expect(screen.getByRole('status').textContent).toContain(m.loading);
    expect(await screen.findByText('https://lisons.app/kosync')).toBeTruthy();
    expect(screen.getByText('lea@exemple.fr')).toBeTruthy();
    expect(screen.getByRole('heading', { name: m.title })).toBeTruthy();
    expect(screen.getByText(m.devicesEmpty, asIs)).toBeTruthy();
    expect(screen.getByText(m.documentsEmpty, asIs)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: fill(m.copyLabel, { what: m.serverLabel }) }),
    ).toBeTruthy();
  });

  it('says when it cannot load, and tries again', async () => {
    const fetchMock = mockApi({ 'GET /api/kosync': apiError(500, 'INTERNAL', 'Erreur') });
    const user = renderSettings();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain(m.loadFailed);
    await user.click(within(alert).getByRole('button', { name: m.retry }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
  }, 20_000);

  it('makes a device password and shows it once', async () => {
    const created = {
      device: {
        id: 'd1',
        name: 'Kobo Clara',
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
      },
      password: 'abcdefghjkmnpqrs',
    };
    let listed = overview();
    const fetchMock = mockApi({
      'GET /api/kosync': () => ({ body: listed }),
      'POST /api/kosync/devices': () => {
        listed = overview({ devices: [created.device] });
        return { status: 201, body: created };
      },
    });
    const user = renderSettings();
    const name = await screen.findByLabelText(m.deviceNameLabel);
    await user.click(screen.getByRole('button', { name: m.createDevice }));
    expect(screen.getByText(m.deviceNameRequired, asIs)).toBeTruthy();
    await user.type(name, 'Kobo Clara');
    await user.click(screen.getByRole('button', { name: m.createDevice }));
    const shown = await screen.findByTestId('kosync-password');
    expect(shown.querySelector('[aria-hidden]')?.textContent).toBe('abcdefghjkmnpqrs');
    expect(screen.getByText(fill(m.createdTitle, { name: 'Kobo Clara' }), asIs)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Kobo Clara' });
    await user.click(screen.getByRole('button', { name: m.createdDone }));
    expect(screen.queryByTestId('kosync-password')).toBeNull();
    expect(await screen.findByText(m.neverUsed)).toBeTruthy();
  });

  it('asks which book an unknown one is, searches the catalogue, and links the one chosen', async () => {
    const fetchMock = mockApi({
      'GET /api/kosync': { body: overview({ documents: [unknown] }) },
      'GET /api/search?q=Mis%C3%A9rables': { body: { items: [book] } },
      [`PUT /api/kosync/documents/${digest}/book`]: {
        body: { message: 'Lié.' },
      },
    });
    const user = renderSettings();
    expect(await screen.findByText(m.unknownQuestion, asIs)).toBeTruthy();
    const search = screen.getByLabelText(m.searchLabel);
    // KOReader's title, when it sent one, starts the search.
    expect((search as HTMLInputElement).value).toBe('Les Misérables');
    await user.clear(search);
    await user.type(search, 'Misérables');
    await user.click(screen.getByRole('button', { name: m.search }));
    await user.click(
      await screen.findByRole('button', {
        name: fill(m.pickBookLabel, { title: 'Les Misérables' }),
      }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ bookId: book.id });
  });

  it('says when a search finds nothing or is too short', async () => {
    mockApi({
      'GET /api/kosync': { body: overview({ documents: [{ ...unknown, title: null }] }) },
      'GET /api/search?q=zzz': { body: { items: [] } },
    });
    const user = renderSettings();
    const search = await screen.findByLabelText(m.searchLabel);
    await user.type(search, 'z');
    await user.click(screen.getByRole('button', { name: m.search }));
    expect(screen.getByText(m.searchTooShort, asIs)).toBeTruthy();
    await user.type(search, 'zz');
    await user.click(screen.getByRole('button', { name: m.search }));
    expect(await screen.findByText(m.searchEmpty, asIs)).toBeTruthy();
  });

  it('shows a linked book’s page and unlinks it', async () => {
    const linked: KosyncDocument = {
      ...unknown,
      book: {
        id: book.id,
        slug: book.slug,
        title: book.title,
        author: book.author,
        totalPages: 300,
      },
      page: 120,
    };
    const fetchMock = mockApi({
      'GET /api/kosync': { body: overview({ documents: [linked] }) },
      [`DELETE /api/kosync/documents/${digest}/book`]: { body: { message: m.unlinked } },
    });
    const user = renderSettings();
    expect(
      await screen.findByText(fill(m.linkedTo, { title: 'Les Misérables' }), asIs),
    ).toBeTruthy();
    expect(screen.getByText(/page 120 sur 300/)).toBeTruthy();
    expect(screen.getByRole('link', { name: m.seeBook }).getAttribute('href')).toBe(
      `/books/${book.slug}`,
    );
    await user.click(
      screen.getByRole('button', { name: fill(m.unlinkLabel, { title: 'Les Misérables' }) }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });
});
