import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { aBookDetail, aProgress } from '../test/catalogue-fixtures';
import { mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import {
  aQuestion,
  aValidatedResult,
  aValidationState,
  noRewards,
} from '../test/validation-fixtures';
import { BookPage, loadBookDialogs } from './book';

// The page loads its dialogs' code once idle for a signed-in reader: loaded before the tests,
// so that no import is still on its way when a test file's environment closes.
beforeAll(() => loadBookDialogs());

// The book route wires the validation flow and the reward announcements into the book page.

const micromegas = aBookDetail({
  title: 'Micromégas',
  slug: 'micromegas',
  totalPages: 60,
  expectedSegments: 2,
});
const API = `/api/books/${micromegas.id}`;
const premierLivre = {
  slug: 'premier-livre',
  name: 'Premier livre',
  description: 'Tu as terminé ton premier livre.',
  rarity: 'common',
  icon: 'book-open',
};

beforeEach(() => {
  setSignedIn(aSessionUser());
  toast.dismiss();
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('/books/:ref validation', () => {
  it('validates the last segment: success, then the badge, then the congratulation', async () => {
    const before = aProgress({ status: 'in_progress', segmentsValidated: 1, jokersAllowed: 0 });
    const after = aProgress({
      status: 'completed',
      segmentsValidated: 2,
      progressPercent: 100,
      jokersAllowed: 0,
    });
    let progress = before;
    mockApi({
      'GET /api/books/micromegas': () => ({ body: { book: micromegas, progress } }),
      [`GET ${API}/validation`]: {
        body: aValidationState({
          segment: 2,
          expectedSegments: 2,
          jokers: { used: 0, allowed: 0 },
        }),
      },
      [`GET ${API}/segments/2/question`]: { body: aQuestion({ segment: 2 }) },
      [`POST ${API}/segments/2/answer`]: () => {
        progress = after;
        return {
          body: aValidatedResult({
            segment: 2,
            nextSegment: null,
            completed: true,
            progress: after,
            rewards: { ...noRewards, badges: [premierLivre] },
          }),
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(<BookPage />, { path: '/books/:ref', at: '/books/micromegas' });

    await user.click(await screen.findByRole('button', { name: 'Valider ma lecture' }));
    const confirm = await screen.findByRole('dialog', { name: 'Valider le segment 2' });
    expect(within(confirm).getByText('Jokers disponibles à partir de 3 segments')).toBeTruthy();
    await user.click(await within(confirm).findByRole('checkbox'));
    await user.click(within(confirm).getByRole('button', { name: 'Valider cette étape' }));
    await user.type(await screen.findByRole('textbox', { name: 'Ta réponse' }), 'paris{Enter}');

    const success = await screen.findByRole('dialog', { name: 'Segment 2 validé\u00a0!' });
    expect(within(success).getByText('Livre terminé !')).toBeTruthy();
    // The rewards wait for the success modal to close: no stacked dialogs.
    expect(screen.queryByTestId('badge-dialog')).toBeNull();
    await user.click(within(success).getByRole('button', { name: 'Fermer' }));

    const badge = await screen.findByTestId('badge-dialog');
    expect(within(badge).getByText('Premier livre')).toBeTruthy();
    await act(() => user.keyboard('{Escape}'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByRole('link', { name: 'Rejoindre le salon du livre' }).getAttribute('href'),
    ).toBe('/finished-chat/micromegas');
    expect(screen.queryByRole('button', { name: 'Valider ma lecture' })).toBeNull();
    expect(screen.getByText('2 sur 2 segments validés')).toBeTruthy();
  });
});

describe('/books/:ref with a KOReader device', () => {
  it('shows the page the device reached and invites to validate, beside the validate button', async () => {
    mockApi({
      'GET /api/books/micromegas': {
        body: {
          book: micromegas,
          progress: aProgress({ status: 'to_read', segmentsValidated: 0, jokersAllowed: 0 }),
          device: {
            page: 48,
            totalPages: 60,
            percentage: 0.8,
            device: 'Kobo_spaBW',
            updatedAt: new Date().toISOString(),
            segmentToValidate: 1,
            segmentEndPage: 30,
          },
        },
      },
      [`GET ${API}/validation`]: {
        body: aValidationState({
          segment: 1,
          expectedSegments: 2,
          jokers: { used: 0, allowed: 0 },
        }),
      },
    });
    renderScreen(<BookPage />, { path: '/books/:ref', at: '/books/micromegas' });
    const panel = await screen.findByTestId('device-reading');
    expect(within(panel).getByRole('heading', { name: 'Sur ta liseuse' })).toBeTruthy();
    expect(within(panel).getByText('Page 48 sur 60')).toBeTruthy();
    expect(panel.textContent).toContain(
      'Ta liseuse a atteint la fin du segment 1 (page 30)\u00a0: réponds à sa question pour le valider.',
    );
    expect(screen.getByRole('button', { name: 'Commencer ma lecture' })).toBeTruthy();
  });

  it('shows no invitation when the device has not reached the end of the next segment', async () => {
    mockApi({
      'GET /api/books/micromegas': {
        body: {
          book: micromegas,
          progress: aProgress({ status: 'in_progress', segmentsValidated: 1, jokersAllowed: 0 }),
          device: {
            page: 40,
            totalPages: 60,
            percentage: 0.67,
            device: 'Kobo_spaBW',
            updatedAt: new Date().toISOString(),
            segmentToValidate: null,
            segmentEndPage: null,
          },
        },
      },
      [`GET ${API}/validation`]: {
        body: aValidationState({
          segment: 2,
          expectedSegments: 2,
          jokers: { used: 0, allowed: 0 },
        }),
      },
    });
    renderScreen(<BookPage />, { path: '/books/:ref', at: '/books/micromegas' });
    const panel = await screen.findByTestId('device-reading');
    expect(within(panel).getByText('Page 40 sur 60')).toBeTruthy();
    expect(panel.textContent).not.toContain('Ta liseuse a atteint');
  });
});
