import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeferredLoad, deferredLoadId } from '../../domain/deferred-load';
import { loadDeferred, loadEventCapMs } from './deferred-loader';

const list: DeferredLoad = {
  entry: '/assets/index-a1.js',
  modules: ['/assets/react-b2.js', '/assets/book-c3.js'],
  styles: '/assets/utilities-d4.css',
  fonts: [
    { family: 'Inter', source: 'url(/assets/inter.woff2)', descriptors: { weight: '100 900' } },
  ],
};

/** What the loader added to the head, in order. */
function added(): string[] {
  return [...document.head.children].map((element) => {
    const href = element.getAttribute('href') ?? (element as HTMLScriptElement).src;
    return `${element.tagName.toLowerCase()} ${element.getAttribute('rel') ?? element.getAttribute('type')} ${new URL(href, location.href).pathname}`;
  });
}

/** A PerformanceObserver whose first-contentful-paint the test triggers. */
function paintObserver() {
  let report: (() => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: PerformanceObserverCallback) {
      // Only what the loader reads of the entry list: the paint's name.
      const entries = {
        getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []),
      } as unknown as PerformanceObserverEntryList;
      report = () => callback(entries, this as unknown as PerformanceObserver);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { paint: () => report?.() };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.replaceChildren();
  document.body.innerHTML = `<script type="application/json" id="${deferredLoadId}">${JSON.stringify(list)}</script>`;
  const fontSet = { add: vi.fn() };
  vi.stubGlobal(
    'FontFace',
    class {
      status = 'loaded';
      constructor(
        public family: string,
        public source: string,
      ) {}
      load() {
        return Promise.resolve(this);
      }
    },
  );
  Object.defineProperty(document, 'fonts', { value: fontSet, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the deferred loader of a rendered page', () => {
  it('does nothing on a page the server did not render (no list)', () => {
    document.body.innerHTML = '';
    paintObserver();
    loadDeferred(deferredLoadId);
    vi.runAllTimers();
    expect(document.head.children).toHaveLength(0);
  });

  it('waits for the first paint and the load event, then adds the styles, chunks and entry', () => {
    const { paint } = paintObserver();
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    loadDeferred(deferredLoadId);
    expect(document.head.children).toHaveLength(0);

    paint();
    expect(document.head.children).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    vi.runOnlyPendingTimers();
    expect(added()).toEqual([
      'link stylesheet /assets/utilities-d4.css',
      'link modulepreload /assets/react-b2.js',
      'link modulepreload /assets/book-c3.js',
      'script module /assets/index-a1.js',
    ]);
  });

  it(`starts ${loadEventCapMs} ms after the paint when the load event never comes, once`, () => {
    const { paint } = paintObserver();
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    loadDeferred(deferredLoadId);
    paint();
    vi.advanceTimersByTime(loadEventCapMs - 1);
    expect(document.head.children).toHaveLength(0);
    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event('load'));
    vi.runOnlyPendingTimers();
    expect(added().filter((line) => line.startsWith('script'))).toEqual([
      'script module /assets/index-a1.js',
    ]);
  });

  it('starts at once where paints cannot be observed', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    loadDeferred(deferredLoadId);
    vi.runOnlyPendingTimers();
    expect(added()).toHaveLength(4);
  });

  it('adds the web fonts once they have loaded', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    loadDeferred(deferredLoadId);
    await vi.waitFor(() => expect(document.fonts.add).toHaveBeenCalledTimes(1));
    expect(vi.mocked(document.fonts.add).mock.calls[0]?.[0]).toMatchObject({ family: 'Inter' });
  });
});
