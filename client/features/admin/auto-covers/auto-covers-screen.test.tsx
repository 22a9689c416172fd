import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutoCoverList, CoverBatchView } from '../../../../domain/covers.schemas';
import { liveHub } from '../../../lib/live';
import { queryClient } from '../../../lib/query-client';
import { apiError, mockApi, pending } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { AutoCoversScreen } from './auto-covers-screen';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const list = (count: number): AutoCoverList => ({
  count,
  preview: Array.from({ length: Math.min(count, 10) }, (_, i) => ({
    id: `b${i}`,
    slug: `livre-${i}`,
    title: `Livre ${i}`,
    author: 'Auteur',
    group: 'autres' as const,
    coverUrl: null,
    coverWebpUrl: null,
  })),
});

const batch = (over: Partial<CoverBatchView> = {}): CoverBatchView => ({
  id: 'batch-1',
  group: 'all',
  status: 'running',
  total: 12,
  processed: 0,
  succeeded: 0,
  failed: 0,
  failures: [],
  createdAt: '2026-11-24T08:00:00.000Z',
  finishedAt: null,
  ...over,
});

const LIST = 'GET /api/admin/auto-covers?group=all&limit=';
const BATCH = 'GET /api/admin/auto-covers/batch';

function renderPage() {
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <AutoCoversScreen />
    </QueryClientProvider>,
    { path: '/admin/auto-covers' },
  );
  return userEvent.setup();
}

describe('AutoCoversScreen', () => {
  it('shows the loading state, then how many books and the first 10', async () => {
    let answer: (value: { body: AutoCoverList }) => void = () => {};
    mockApi({
      [LIST]: () =>
        new Promise((resolve) => {
          answer = resolve as unknown as typeof answer;
        }) as Promise<never>,
      [BATCH]: { body: { batch: null } },
    });
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Chargement…');
    await act(async () => answer({ body: list(12) }));
    expect(await screen.findByText('12 livres à traiter')).toBeTruthy();
    expect(screen.getByText('Aperçu des 10 premiers')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByLabelText('Groupe')).toBeTruthy();
    expect((screen.getByLabelText('Limite') as HTMLInputElement).placeholder).toBe('500');
  });

  it("says 'Rien à faire' when no book needs a cover", async () => {
    mockApi({ [LIST]: { body: list(0) }, [BATCH]: { body: { batch: null } } });
    renderPage();
    expect(await screen.findByText('Rien à faire')).toBeTruthy();
  });

  it("shows 'Erreur de chargement' with the server's message for a bad limit", async () => {
    mockApi({
      [LIST]: { body: list(3) },
      'GET /api/admin/auto-covers?group=talmud&limit=2001': apiError(
        400,
        'VALIDATION_ERROR',
        'La limite doit être un nombre entier de 1 à 2000.',
      ),
      [BATCH]: { body: { batch: null } },
    });
    const user = renderPage();
    await screen.findByText('3 livres à traiter');
    await user.selectOptions(screen.getByLabelText('Groupe'), 'talmud');
    await user.type(screen.getByLabelText('Limite'), '2001');
    await user.click(screen.getByRole('button', { name: 'Rafraîchir' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur de chargement');
    expect(alert.textContent).toContain('La limite doit être un nombre entier de 1 à 2000.');
  });

  it("generates, follows the live progress to 'Batch terminé' and lists the failures", async () => {
    const fetchMock = mockApi({
      [LIST]: { body: list(12) },
      [BATCH]: { body: { batch: null } },
      'POST /api/admin/auto-covers/batches': { status: 202, body: batch() },
    });
    const user = renderPage();
    await screen.findByText('12 livres à traiter');
    await user.click(screen.getByRole('button', { name: 'Générer' }));
    expect(await screen.findByText('Batch en cours…')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ group: 'all', limit: '' });
    expect(screen.getByRole('button', { name: 'Générer' })).toHaveProperty('disabled', true);

    act(() => liveHub.emit('covers.progress', batch({ processed: 6, succeeded: 6 }), '1'));
    // The query client tells the page on its next tick.
    expect(await screen.findByText('6 / 12')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Progression du batch' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    // An older event (fewer books done) arriving late changes nothing.
    act(() => liveHub.emit('covers.progress', batch({ processed: 2, succeeded: 2 }), '0'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('6 / 12')).toBeTruthy();

    act(() =>
      liveHub.emit(
        'covers.progress',
        batch({
          status: 'done',
          processed: 12,
          succeeded: 11,
          failed: 1,
          failures: [
            { bookId: 'b3', title: 'Livre 3', message: 'Le dessin de la couverture a échoué.' },
          ],
        }),
        '2',
      ),
    );
    expect(await screen.findByText('Batch terminé')).toBeTruthy();
    expect(screen.getByText('11 OK, 1 erreurs')).toBeTruthy();
    const failures = screen.getByRole('heading', { name: 'Échecs (10 premiers)' });
    expect(failures.nextElementSibling?.textContent).toBe(
      'Livre 3\u00a0: Le dessin de la couverture a échoué.',
    );
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('shows a batch already running after a reload, and refuses a second one in French', async () => {
    mockApi({
      [LIST]: { body: list(12) },
      [BATCH]: { body: { batch: batch({ processed: 3 }) } },
      'POST /api/admin/auto-covers/batches': apiError(409, 'CONFLICT', 'Rien à faire'),
    });
    renderPage();
    expect(await screen.findByText('3 / 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Générer' })).toHaveProperty('disabled', true);
  });

  it("shows the server's refusal when there is nothing to generate", async () => {
    mockApi({
      [LIST]: { body: list(1) },
      [BATCH]: { body: { batch: null } },
      'POST /api/admin/auto-covers/batches': apiError(409, 'CONFLICT', 'Rien à faire'),
    });
    const user = renderPage();
    await screen.findByText('1 livre à traiter');
    await user.click(screen.getByRole('button', { name: 'Générer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Rien à faire'));
  });

  it('keeps the page usable while the batch status loads', async () => {
    mockApi({ [LIST]: { body: list(2) }, [BATCH]: pending() });
    renderPage();
    expect(await screen.findByText('2 livres à traiter')).toBeTruthy();
  });
});
