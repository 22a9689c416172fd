import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LazyChunk, lazyChunk, useLazyChunk } from './lazy-chunk';

afterEach(() => {
  cleanup();
  document.getElementById('lisons-load-failed')?.remove();
  vi.unstubAllGlobals();
});

type Dialog = { Dialog: () => React.JSX.Element };
const dialogModule: Dialog = { Dialog: () => <div role="dialog" aria-label="Le dialogue" /> };

/** A control whose dialog's code comes on first use, as every lazily loaded control does. */
function Control({ chunk }: { chunk: LazyChunk<Dialog> }) {
  const dialog = useLazyChunk(chunk);
  const Loaded = dialog.module?.Dialog;
  return (
    <>
      <button
        type="button"
        {...dialog.busyProps}
        onClick={() => {
          if (!dialog.busy) void dialog.request();
        }}
      >
        Ouvrir
      </button>
      {Loaded ? <Loaded /> : null}
    </>
  );
}

/** An import that waits for `release()`. */
function delayedImport() {
  let release = () => {};
  const importer = vi.fn(
    () =>
      new Promise<Dialog>((resolve) => {
        release = () => resolve(dialogModule);
      }),
  );
  return { importer, release: () => act(() => release()) };
}

describe('a control whose code is still loading', () => {
  it('says it is busy, ignores more taps, then opens once the code is here', async () => {
    const { importer, release } = delayedImport();
    render(<Control chunk={lazyChunk(importer)} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Ouvrir' });
    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    await user.click(button);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    await release();
    expect(await screen.findByRole('dialog', { name: 'Le dialogue' })).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it('retries a failed download before giving up', async () => {
    const importer = vi
      .fn<() => Promise<Dialog>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(dialogModule);
    render(<Control chunk={lazyChunk(importer, { delay: () => 0 })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: 'Le dialogue' })).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says so in French with 'Recharger la page' when every retry failed, and tries afresh on the next tap", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const importer = vi
      .fn<() => Promise<Dialog>>()
      // A deploy renamed the chunk under this open tab: the old name is gone.
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    render(<Control chunk={lazyChunk(importer, { retries: 2, delay: () => 0 })} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Ouvrir' });
    await user.click(button);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Le chargement a échoué. Vérifie ta connexion, puis recharge la page.',
    );
    expect(importer).toHaveBeenCalledTimes(3);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Recharger la page' }));
    expect(reload).toHaveBeenCalledTimes(1);

    importer.mockResolvedValue(dialogModule);
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Le dialogue' })).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(4);
  });

  it('renders at once when the code was loaded before (preloaded when idle)', async () => {
    const chunk = lazyChunk(async () => dialogModule);
    await chunk.load();
    render(<Control chunk={chunk} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('dialog', { name: 'Le dialogue' })).toBeTruthy();
  });
});
