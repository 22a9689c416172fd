import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

function Field({ keep }: { keep: boolean }) {
  return keep ? <KeptField /> : <PlainField />;
}

function KeptField() {
  const [text, setText] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, text, setText);
  return <Input inputRef={ref} text={text} setText={setText} />;
}

function PlainField() {
  const [text, setText] = useState('');
  return <Input text={text} setText={setText} />;
}

function Input(props: {
  inputRef?: React.RefObject<HTMLInputElement | null>;
  text: string;
  setText: (text: string) => void;
}) {
  const { inputRef: ref, text, setText } = props;
  return (
    <div>
      <input
        ref={ref}
        aria-label="Recherche"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p data-testid="searched">{text}</p>
    </div>
  );
}

/** The server's page, then letters typed before the script runs, then hydration. */
async function typeBeforeHydration(keep: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field keep={keep} />);
  document.body.append(container);
  const input = container.querySelector('input') as HTMLInputElement;
  input.value = 'hugo';
  await act(async () => {
    hydrateRoot(container, <Field keep={keep} />);
  });
  return { input, searched: container.querySelector('[data-testid="searched"]')?.textContent };
}

describe('useTypedBeforeHydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('gives the state what the reader typed before React took the field over', async () => {
    const { input, searched } = await typeBeforeHydration(true);
    expect(input.value).toBe('hugo');
    expect(searched).toBe('hugo');
  });

  it('is needed: without it, the field shows words the state does not have', async () => {
    const { input, searched } = await typeBeforeHydration(false);
    expect(input.value).toBe('hugo');
    expect(searched).toBe('');
  });
});
