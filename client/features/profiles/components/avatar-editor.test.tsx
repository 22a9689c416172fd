import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { getSession, setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi, pending } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { AvatarEditor } from './avatar-editor';

const me = aSessionUser({ username: 'Léa Martin' });
const photoUrl = '/avatars/0123456789abcdef0123-256.webp';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderEditor(avatarUrl: string | null = null) {
  setSignedIn(me);
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <AvatarEditor name="Léa Martin" avatarUrl={avatarUrl} />
    </QueryClientProvider>,
    { path: '/profile' },
  );
  // A reader may pick "all files" in the picker: the accept filter is not a check.
  return userEvent.setup({ applyAccept: false });
}

const picker = () => screen.getByLabelText('Choisir une photo de profil') as HTMLInputElement;
const png = (size = 2048) => new File([new Uint8Array(size)], 'moi.png', { type: 'image/png' });

describe('AvatarEditor', () => {
  it('opens the picker from a labelled button, for images only', async () => {
    mockApi({});
    const user = renderEditor();
    const input = picker();
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Changer la photo' }));
    expect(click).toHaveBeenCalled();
    // No photo yet: initials, and nothing to remove.
    expect(screen.getByText('LM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer la photo' })).toBeNull();
  });

  it('refuses a file that is not an image, in the spec words, and sends nothing', async () => {
    const fetchMock = mockApi({});
    const user = renderEditor();
    await user.upload(picker(), new File(['bonjour'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Veuillez sélectionner un fichier image',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB, in the spec words, and sends nothing', async () => {
    const fetchMock = mockApi({});
    const user = renderEditor();
    await user.upload(picker(), png(5 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe("L'image doit faire moins de 5MB");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the photo, shows it is busy, then says it is saved and updates the session', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const fetchMock = mockApi({
      'PUT /api/profiles/me/avatar': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    const user = renderEditor();
    const photo = png();
    await user.upload(picker(), photo);

    const busy = await screen.findByRole('button', { name: 'Envoi…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.closest('[aria-busy="true"]')).not.toBeNull();
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(photo);
    expect(init.headers).toMatchObject({ 'content-type': 'image/png' });

    answer({ body: { ...me, avatarUrl: photoUrl } });
    expect(await screen.findByText('Photo de profil mise à jour')).toBeTruthy();
    await waitFor(() =>
      expect(getSession()).toMatchObject({ status: 'signed-in', user: { avatarUrl: photoUrl } }),
    );
    expect(screen.getByRole('button', { name: 'Changer la photo' })).toBeTruthy();
  });

  it("says the server's French refusal in a toast", async () => {
    mockApi({
      'PUT /api/profiles/me/avatar': apiError(
        400,
        'VALIDATION_ERROR',
        'Cette image est illisible. Essaie une photo JPEG, PNG ou WebP.',
      ),
    });
    const user = renderEditor();
    await user.upload(picker(), png());
    expect(
      await screen.findByText('Cette image est illisible. Essaie une photo JPEG, PNG ou WebP.'),
    ).toBeTruthy();
  });

  it("says 'Impossible d'enregistrer la photo. Réessaie.' when the network fails", async () => {
    mockApi({
      'PUT /api/profiles/me/avatar': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const user = renderEditor();
    await user.upload(picker(), png());
    expect(await screen.findByText("Impossible d'enregistrer la photo. Réessaie.")).toBeTruthy();
  });

  it('shows the photo and removes it, back to initials', async () => {
    const fetchMock = mockApi({
      'DELETE /api/profiles/me/avatar': { body: { ...me, avatarUrl: null } },
    });
    const user = renderEditor(photoUrl);
    const image = document.querySelector('picture img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(photoUrl);
    expect(image.getAttribute('alt')).toBe('');
    expect(document.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toBe(
      '/avatars/0123456789abcdef0123-256.avif',
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer la photo' }));
    expect(await screen.findByText('Photo de profil supprimée')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession()).toMatchObject({ user: { avatarUrl: null } });
  });

  it('keeps both buttons disabled while a removal runs', async () => {
    mockApi({ 'DELETE /api/profiles/me/avatar': pending() });
    const user = renderEditor(photoUrl);
    await user.click(screen.getByRole('button', { name: 'Supprimer la photo' }));
    expect(
      (await screen.findByRole('button', { name: 'Suppression…' })).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Changer la photo' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
