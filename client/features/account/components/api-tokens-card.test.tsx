import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '../../../../domain/api-tokens.schemas';
import { apiTokenMessages as m } from '../../../../domain/messages/api-tokens';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { ApiTokensCard } from './api-tokens-card';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const aToken = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Mon tableur',
  scope: 'read',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedFrom: null,
  ...overrides,
});

function renderCard() {
  setSignedIn(aSessionUser());
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <ApiTokensCard />
    </QueryClientProvider>,
    { path: '/profile' },
  );
  return userEvent.setup();
}

describe('ApiTokensCard', () => {
  it('lists the tokens with their rights, lifetime and last use, never a secret', async () => {
    mockApi({
      'GET /api/account/tokens': {
        body: {
          tokens: [
            aToken(),
            aToken({
              id: '00000000-0000-4000-8000-000000000002',
              name: 'Synchro',
              scope: 'write',
              expiresAt: '2027-02-18T10:00:00.000Z',
              lastUsedAt: '2026-11-27T10:00:00.000Z',
              lastUsedFrom: '203.0.113.7',
            }),
          ],
        },
      },
    });
    renderCard();
    const list = await screen.findByRole('list', { name: m.listTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Lecture seule');
    expect(items[0]?.textContent).toContain(m.noExpiry);
    expect(items[0]?.textContent).toContain(m.neverUsed);
    expect(items[1]?.textContent).toContain('Lecture et écriture');
    expect(items[1]?.textContent).toContain('Expire le 18 février 2027');
    expect(items[1]?.textContent).toContain(
      'Dernière utilisation le 27 novembre 2026 depuis 203.0.113.7',
    );
  });

  it('creates a token and shows its secret once, until dismissed', async () => {
    let listed: ApiToken[] = [];
    const fetchMock = mockApi({
      'GET /api/account/tokens': () => ({ body: { tokens: listed } }),
      'POST /api/account/tokens': ({ body }) => {
        listed = [aToken({ name: 'Script', scope: 'write' })];
        expect(body).toEqual({ name: 'Script', scope: 'write', expiresInDays: 30 });
        return {
          status: 201,
          body: { message: m.created, token: listed[0], secret: 'lisons_pat_secret' },
        };
      },
    });
    const user = renderCard();
    expect(await screen.findByText(m.empty)).toBeTruthy();
    await user.type(screen.getByLabelText(m.nameLabel), 'Script');
    await user.selectOptions(screen.getByLabelText(m.scopeLabel), 'write');
    await user.selectOptions(screen.getByLabelText(m.expiryLabel), '30');
    await user.click(screen.getByRole('button', { name: m.create }));
    const shown = await screen.findByLabelText('Jeton « Script »');
    expect((shown as HTMLInputElement).value).toBe('lisons_pat_secret');
    expect(screen.getByRole('status').textContent).toContain(m.createdHint);
    expect(await screen.findByRole('button', { name: 'Révoquer le jeton «\u00a0Script\u00a0»' }));
    await user.click(screen.getByRole('button', { name: m.createdDone }));
    expect(screen.queryByDisplayValue('lisons_pat_secret')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('says what is wrong with a name before sending, and the server’s French refusal after', async () => {
    const fetchMock = mockApi({
      'GET /api/account/tokens': { body: { tokens: [] } },
      'POST /api/account/tokens': apiError(409, 'ALREADY_EXISTS', m.nameTaken),
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: m.create }));
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText(m.nameLabel), 'Double');
    await user.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.nameTaken)).toBeTruthy();
  });

  it('revokes a token after asking, and says so', async () => {
    let listed = [aToken()];
    mockApi({
      'GET /api/account/tokens': () => ({ body: { tokens: listed } }),
      [`DELETE /api/account/tokens/${aToken().id}`]: () => {
        listed = [];
        return { body: { message: m.revoked } };
      },
    });
    const user = renderCard();
    await user.click(
      await screen.findByRole('button', { name: 'Révoquer le jeton «\u00a0Mon tableur\u00a0»' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Mon tableur');
    await user.click(within(dialog).getByRole('button', { name: m.revokeConfirm }));
    expect(await screen.findByText(m.revoked)).toBeTruthy();
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });
});
