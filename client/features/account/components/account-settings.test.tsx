import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsMessages as m } from '../../../../domain/messages/account';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { AccountSettings } from './account-settings';

type Reply = { status: number; body: string; headers: Record<string, string> };

/** fetch as the server answers: the address check, and each export's file or refusal. */
function serve(exports: Record<string, Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/account/email-verification') {
      return Response.json({ verified: true });
    }
    const reply = exports[url];
    if (!reply) throw new Error(`unexpected request in test: ${url}`);
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const csvFile = (name: string, body: string): Reply => ({
  status: 200,
  body,
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
  },
});

let saved: { name: string; href: string }[];
beforeEach(() => {
  saved = [];
  // jsdom has no object URLs and does not follow a download link: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:fichier');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSettings() {
  setSignedIn(aSessionUser());
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <AccountSettings />
    </QueryClientProvider>,
    { path: '/profile' },
  );
  return userEvent.setup();
}

describe('the library exports in Paramètres', () => {
  it('offers Goodreads and StoryGraph beside the other exports, each described', async () => {
    serve({});
    renderSettings();
    for (const name of [m.goodreadsCsv, m.storygraphCsv]) {
      expect(screen.getByRole('button', { name, description: m.libraryHint })).toBeTruthy();
    }
    expect(
      screen.getByRole('button', { name: m.historyCsv, description: m.exportHint }),
    ).toBeTruthy();
  });

  it('downloads each file under the server’s name, and says so', async () => {
    const fetchMock = serve({
      '/api/account/export/goodreads.csv': csvFile(
        'lisons-bibliotheque-goodreads-2026-11-28.csv',
        'Book Id,Title\r\n',
      ),
      '/api/account/export/storygraph.csv': csvFile(
        'lisons-bibliotheque-storygraph-2026-11-28.csv',
        'Title,Authors\r\n',
      ),
    });
    const user = renderSettings();
    await user.click(screen.getByRole('button', { name: m.goodreadsCsv }));
    expect(await screen.findByText(m.libraryDone)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.storygraphCsv }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name)).toEqual([
      'lisons-bibliotheque-goodreads-2026-11-28.csv',
      'lisons-bibliotheque-storygraph-2026-11-28.csv',
    ]);
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/account/export/goodreads.csv');
    expect(asked).toContain('/api/account/export/storygraph.csv');
  });

  it('shows the server’s French sentence when asked too often, and saves nothing', async () => {
    const refusal = 'Trop de tentatives. Réessaie dans 1\u00a0min.';
    serve({
      '/api/account/export/storygraph.csv': {
        status: 429,
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: refusal } }),
        headers: { 'content-type': 'application/json' },
      },
    });
    const user = renderSettings();
    await user.click(screen.getByRole('button', { name: m.storygraphCsv }));
    // The matcher compares with the text as normalised (a no-break space read as a space).
    expect(await screen.findByText(refusal.replace(/\u00a0/g, ' '))).toBeTruthy();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: m.storygraphCsv })).toHaveProperty('disabled', false);
  });
});
