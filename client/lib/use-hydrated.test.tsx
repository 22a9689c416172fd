import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function OpenButton() {
  return (
    <button type="button" disabled={!useHydrated()}>
      Ouvrir
    </button>
  );
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

describe('useHydrated', () => {
  it('is false in the server markup, true once React has taken the page over', async () => {
    const container = document.createElement('div');
    containers.push(container);
    container.innerHTML = renderToString(<OpenButton />);
    document.body.append(container);
    expect(container.querySelector('button')?.disabled).toBe(true);

    const root = await act(async () => hydrateRoot(container, <OpenButton />));
    expect(container.querySelector('button')?.disabled).toBe(false);
    act(() => root.unmount());
  });
});
