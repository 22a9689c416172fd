import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { CoverUpload } from './cover-upload';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const PUT = 'PUT /api/admin/books/b1/cover';

function renderUpload(onUploaded = vi.fn()) {
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <CoverUpload bookId="b1" title="Candide" onUploaded={onUploaded} />
    </QueryClientProvider>,
    { path: '/admin/auto-covers' },
  );
  return userEvent.setup({ applyAccept: false });
}
const picker = () => screen.getByLabelText('Choisir une image de couverture (Candide)');
const image = (size: number, type = 'image/png') =>
  new File([new Uint8Array(size)], 'couverture.png', { type });

describe('CoverUpload', () => {
  it('opens the picker from a labelled button, for images only', async () => {
    mockApi({});
    const user = renderUpload();
    const input = picker() as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    const click = vi.spyOn(input, 'click');
    await user.click(
      screen.getByRole('button', { name: /Choisir une image de couverture — Candide/ }),
    );
    expect(click).toHaveBeenCalled();
  });

  it('refuses a file that is not an image, or over 5 MB, in the spec words, and sends nothing', async () => {
    const fetchMock = mockApi({});
    const user = renderUpload();
    await user.upload(picker(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Veuillez sélectionner un fichier image',
    );
    await user.upload(picker(), image(5 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe("L'image doit faire moins de 5MB");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the bytes and says so; shows the server refusal otherwise', async () => {
    const uploaded = {
      bookId: 'b1',
      version: 'abcdef123456',
      coverUrl: '/covers/c.jpg?v=abcdef123456',
      coverWebpUrl: '/covers/c.webp?v=abcdef123456',
    };
    let answer: { status: number; body: unknown } = { status: 200, body: uploaded };
    const fetchMock = mockApi({ [PUT]: () => answer });
    const onUploaded = vi.fn();
    const user = renderUpload(onUploaded);
    await user.upload(picker(), image(2048));
    expect(await screen.findByText('Couverture mise à jour')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(uploaded);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBeInstanceOf(File);
    expect((init?.headers as Record<string, string> | undefined)?.['content-type']).toBe(
      'image/png',
    );

    answer = apiError(
      400,
      'VALIDATION_ERROR',
      'Cette image est illisible. Essaie une image JPEG, PNG ou WebP.',
    );
    await user.upload(picker(), image(2048));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cette image est illisible. Essaie une image JPEG, PNG ou WebP.',
    );
  });
});
