import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { getSession, setSignedIn, setSignedOut } from '../lib/session-store';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { AuthPage } from './auth';

beforeEach(() => setSignedOut());
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderAuth(at = '/auth') {
  renderScreen(<AuthPage />, { path: '/auth', at });
  return userEvent.setup();
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(emailField(), 'lea@exemple.fr');
  await user.type(passwordField(), 'secret1{Enter}');
}

// Signing in says so, then navigates in a transition: wait for each state, however busy the
// machine is, instead of expecting it right after the toast.
const slow = { timeout: 5000 };

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Mot de passe');

describe('/auth', () => {
  it('shows the spec messages under the fields and sends nothing when both are empty', async () => {
    const fetchMock = mockApi({});
    const user = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText("L'email est requis")).toBeTruthy();
    expect(screen.getByText('Le mot de passe est requis')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField()).toBe(document.activeElement);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a malformed address and a password under 6 characters', async () => {
    const fetchMock = mockApi({});
    const user = renderAuth();
    await user.type(emailField(), 'lea@exemple');
    await user.type(passwordField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    expect(screen.getByText("Format d'email invalide")).toBeTruthy();
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a message once its field is edited', async () => {
    mockApi({});
    const user = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.type(emailField(), 'l');
    expect(screen.queryByText("L'email est requis")).toBeNull();
    expect(screen.getByText('Le mot de passe est requis')).toBeTruthy();
  });

  it('shows and hides the password with a French-named toggle', async () => {
    mockApi({});
    const user = renderAuth();
    await user.type(passwordField(), 'secret1');
    expect(passwordField().getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(passwordField().getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(passwordField().getAttribute('type')).toBe('password');
  });

  it('signs in (Enter submits), says so, and goes on to /home', async () => {
    const reader = aSessionUser({ email: 'lea@exemple.fr' });
    const fetchMock = mockApi({ 'POST /api/auth/sign-in': { body: { user: reader } } });
    const user = renderAuth();
    await user.type(emailField(), '  Lea@Exemple.fr ');
    await user.type(passwordField(), 'secret1{Enter}');
    expect(await screen.findByText('Connexion réussie !', {}, slow)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/home'), slow);
    expect(getSession()).toEqual({ status: 'signed-in', user: reader });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'lea@exemple.fr',
      password: 'secret1',
    });
  });

  it("shows the server's message in a toast when the password is wrong", async () => {
    mockApi({
      'POST /api/auth/sign-in': apiError(
        401,
        'INVALID_CREDENTIALS',
        'Email ou mot de passe incorrect',
      ),
    });
    const user = renderAuth();
    await user.type(emailField(), 'lea@exemple.fr');
    await user.type(passwordField(), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Email ou mot de passe incorrect')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/auth');
    expect(getSession().status).toBe('signed-out');
  });

  it("says 'Erreur lors de la connexion.' when the request itself fails", async () => {
    mockApi({ 'POST /api/auth/sign-in': () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = renderAuth();
    await user.type(emailField(), 'lea@exemple.fr');
    await user.type(passwordField(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur lors de la connexion.')).toBeTruthy();
  });

  it('creates an account, says so, and goes on to /home', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/sign-up': { status: 201, body: { user: aSessionUser() } },
    });
    const user = renderAuth();
    await user.type(emailField(), 'lea@exemple.fr');
    await user.type(passwordField(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    expect(
      await screen.findByText(
        'Compte créé avec succès. Tu peux maintenant te connecter.',
        {},
        slow,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/home'), slow);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/sign-up');
  });

  it('disables both buttons and says what it does while the request runs', async () => {
    mockApi({ 'POST /api/auth/sign-up': pending() });
    const user = renderAuth();
    await user.type(emailField(), 'lea@exemple.fr');
    await user.type(passwordField(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    const busy = await screen.findByRole('button', { name: 'Création du compte...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Se connecter' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('sends a reader who is already signed in to /home, replacing /auth', async () => {
    setSignedIn(aSessionUser());
    mockApi({});
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/home'), slow);
  });
});

describe('/auth?next=…: back where the reader was', () => {
  it('signs in from a book page and goes back to it, query string included', async () => {
    mockApi({ 'POST /api/auth/sign-in': { body: { user: aSessionUser() } } });
    const user = renderAuth('/auth?next=%2Fbooks%2Fcarmen-prosper-merimee%3Fsegment%3D2');
    await signIn(user);
    await waitFor(
      () => expect(screen.getByTestId('path').textContent).toBe('/books/carmen-prosper-merimee'),
      slow,
    );
    expect(screen.getByTestId('search').textContent).toBe('?segment=2');
  });

  it('creates an account and goes back to the page too', async () => {
    mockApi({ 'POST /api/auth/sign-up': { status: 201, body: { user: aSessionUser() } } });
    const user = renderAuth('/auth?next=%2Freading-list');
    await user.type(emailField(), 'lea@exemple.fr');
    await user.type(passwordField(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/reading-list'), slow);
  });

  it.each([
    '//evil.example',
    'https://evil.example/books/carmen',
    '/\\evil.example',
    '/..//evil.example',
  ])('ignores a next that leaves the site (%s) and goes to /home', async (next) => {
    mockApi({ 'POST /api/auth/sign-in': { body: { user: aSessionUser() } } });
    const user = renderAuth(`/auth?${new URLSearchParams({ next })}`);
    await signIn(user);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/home'), slow);
    expect(screen.getByTestId('search').textContent).toBe('');
  });

  it('sends a reader already signed in to the page in next', async () => {
    setSignedIn(aSessionUser());
    mockApi({});
    renderAuth('/auth?next=%2Fachievements');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/achievements'), slow);
  });
});

describe("'Mot de passe oublié?'", () => {
  async function openDialog() {
    const user = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié?' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Mot de passe oublié' }) };
  }

  it("asks for the address when it is empty ('Veuillez saisir votre adresse email')", async () => {
    const fetchMock = mockApi({});
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(within(dialog).getByText('Veuillez saisir votre adresse email')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts from the address typed in the sign-in form, sends the request and closes', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/password-reset': {
        body: { message: 'Un email de réinitialisation a été envoyé à votre adresse' },
      },
    });
    const user = renderAuth();
    await user.type(emailField(), 'lea@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'lea@exemple.fr',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(
      await screen.findByText('Un email de réinitialisation a été envoyé à votre adresse'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'lea@exemple.fr',
    });
  });

  it("says 'Erreur lors de l'envoi de l'email. Veuillez réessayer.' when sending fails", async () => {
    mockApi({
      'POST /api/auth/password-reset': apiError(500, 'INTERNAL', 'Une erreur inattendue'),
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'lea@exemple.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect(
      await screen.findByText("Erreur lors de l'envoi de l'email. Veuillez réessayer."),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
