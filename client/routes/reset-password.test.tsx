import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { setSignedOut } from '../lib/session-store';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { ResetPasswordPage } from './reset-password';

const TOKEN = 'jeton-de-test';
const CHECK = `GET /api/auth/password-reset/${TOKEN}`;

beforeEach(() => setSignedOut());
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderReset(search = `?token=${TOKEN}`) {
  renderScreen(<ResetPasswordPage />, { path: '/reset-password', at: `/reset-password${search}` });
  return userEvent.setup();
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, a: string, b: string) {
  const password = await screen.findByLabelText('Nouveau mot de passe');
  if (a) await user.type(password, a);
  if (b) await user.type(screen.getByLabelText('Confirme le mot de passe'), b);
  await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
}

describe('/reset-password', () => {
  it("says 'Lien invalide ou expiré' without a token, with a way back to /auth", () => {
    const fetchMock = mockApi({});
    renderReset('');
    expect(screen.getByRole('heading', { level: 1, name: 'Lien invalide ou expiré' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href'),
    ).toBe('/auth');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Chargement...' while the link is being checked", () => {
    mockApi({ [CHECK]: pending() });
    renderReset();
    expect(screen.getByRole('status').textContent).toBe('Chargement...');
  });

  it('says the link is invalid when the server says so', async () => {
    mockApi({ [CHECK]: { body: { valid: false } } });
    renderReset();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lien invalide ou expiré' }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
  });

  it('shows two password fields, each with a show/hide toggle, for a valid link', async () => {
    mockApi({ [CHECK]: { body: { valid: true } } });
    const user = renderReset();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' }),
    ).toBeTruthy();
    const toggles = screen.getAllByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1] as HTMLElement);
    expect(screen.getByLabelText('Confirme le mot de passe').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Nouveau mot de passe').getAttribute('type')).toBe('password');
  });

  it.each([
    ['', '', 'Veuillez remplir tous les champs'],
    ['Abcdefg1', '', 'Veuillez remplir tous les champs'],
    ['Abcdefg1', 'Abcdefg2', 'Les mots de passe ne correspondent pas'],
    ['Abc1', 'Abc1', 'Le mot de passe doit contenir au moins 8 caractères'],
    [
      'abcdefgh1',
      'abcdefgh1',
      'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre',
    ],
  ])('refuses %j / %j with %j', async (password, confirmation, message) => {
    const fetchMock = mockApi({ [CHECK]: { body: { valid: true } } });
    const user = renderReset();
    await fillAndSubmit(user, password, confirmation);
    expect(screen.getByText(message)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sets the password, confirms it, then goes to /auth after 2 s', async () => {
    const fetchMock = mockApi({
      [CHECK]: { body: { valid: true } },
      'POST /api/auth/password-reset/confirm': { body: { message: 'ok' } },
      'GET /api/auth/session': { body: { user: null } },
    });
    const user = renderReset();
    await fillAndSubmit(user, 'Nouveau1', 'Nouveau1');
    expect(await screen.findByRole('heading', { name: 'Mot de passe mis à jour' })).toBeTruthy();
    expect(
      screen.getByText(
        'Mot de passe mis à jour. Tu peux te connecter avec ton nouveau mot de passe.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/reset-password');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth'), {
      timeout: 3000,
    });
    const confirm = fetchMock.mock.calls.find(
      ([url]) => url === '/api/auth/password-reset/confirm',
    );
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({
      token: TOKEN,
      password: 'Nouveau1',
      confirmation: 'Nouveau1',
    });
  });

  it('says the link expired when the server answers INVALID_TOKEN', async () => {
    const expired = 'Le lien de réinitialisation a expiré. Veuillez relancer une nouvelle demande.';
    mockApi({
      [CHECK]: { body: { valid: true } },
      'POST /api/auth/password-reset/confirm': apiError(400, 'INVALID_TOKEN', expired),
    });
    const user = renderReset();
    await fillAndSubmit(user, 'Nouveau1', 'Nouveau1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lien invalide ou expiré' }),
    ).toBeTruthy();
    expect(screen.getAllByText(expired).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toBeTruthy();
  });
});
