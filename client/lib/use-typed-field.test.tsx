import { fireEvent } from '@testing-library/react';
import { act, StrictMode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useTypedField } from './use-typed-field';

/** A search field and what its state searches for, with a reset as a screen has one. */
function Search() {
  const [text, setText] = useState('');
  const field = useTypedField(text, setText);
  return (
    <div>
      <input aria-label="Recherche" {...field} />
      <p data-testid="searched">{text}</p>
      <button type="button" onClick={() => setText('')}>
        Effacer
      </button>
    </div>
  );
}

/** The server's page, then `typed` in the field before the script runs, then hydration. */
async function serverPage(typed: string, strict = false) {
  const app = strict ? (
    <StrictMode>
      <Search />
    </StrictMode>
  ) : (
    <Search />
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.append(container);
  const input = container.querySelector('input') as HTMLInputElement;
  input.value = typed;
  await act(async () => {
    hydrateRoot(container, app);
  });
  const searched = () => container.querySelector('[data-testid="searched"]')?.textContent;
  const reset = container.querySelector('button') as HTMLButtonElement;
  return { input, searched, reset };
}

describe('useTypedField', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('searches what the reader typed before React took the page over', async () => {
    const { input, searched } = await serverPage('hugo');
    expect(input.value).toBe('hugo');
    expect(searched()).toBe('hugo');
  });

  it('does so under StrictMode too (effects run twice in development)', async () => {
    const { input, searched } = await serverPage('zola', true);
    expect(input.value).toBe('zola');
    expect(searched()).toBe('zola');
  });

  it('follows typing, and the field follows a reset of the state', async () => {
    const { input, searched, reset } = await serverPage('');
    expect(searched()).toBe('');
    await act(async () => {
      fireEvent.change(input, { target: { value: 'verne' } });
    });
    expect(searched()).toBe('verne');
    expect(input.value).toBe('verne');
    await act(async () => {
      reset.click();
    });
    expect(searched()).toBe('');
    expect(input.value).toBe('');
  });
});
