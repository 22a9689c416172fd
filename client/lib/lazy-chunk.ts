import { useCallback, useEffect, useRef, useState } from 'react';
import { codeLoadingMessages as m } from '../../domain/messages/code-loading';
import { showPageBanner } from './page-banner';
import { MAX_RETRIES, retryDelay } from './retry';

/**
 * The code of a control that is downloaded on first use (a menu, a dialog): one download at a
 * time, kept once it succeeded, retried after a failure (docs/architecture.md#client-timings:
 * 1 s, 2 s, 4 s), and tried afresh on the next use once those retries are spent.
 */
export type LazyChunk<M> = {
  /** The module, downloading it if needed; rejects once the retries are spent. */
  load: () => Promise<M>;
  /** The module if it is already here. */
  loaded: () => M | undefined;
};

export function lazyChunk<M>(
  importer: () => Promise<M>,
  options: { retries?: number; delay?: (failures: number) => number } = {},
): LazyChunk<M> {
  const { retries = MAX_RETRIES, delay = retryDelay } = options;
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const attempt = async (): Promise<M> => {
    for (let failures = 0; ; failures++) {
      try {
        return await importer();
      } catch (error) {
        if (failures >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay(failures)));
      }
    }
  };
  return {
    loaded: () => module,
    load: () => {
      if (module !== undefined) return Promise.resolve(module);
      pending ??= attempt().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** Downloads a chunk ahead of use (hover, focus, idle): a failure is left for the real use. */
export function preloadChunk(chunk: LazyChunk<unknown>): void {
  chunk.load().catch(() => {});
}

/**
 * The one way a control waits for its code: `request()` downloads it (or returns it at once),
 * `busy` is true meanwhile (the control shows a spinner and aria-busy, and ignores more taps),
 * and when every retry failed the page says so in French with 'Recharger la page' (a deploy may
 * have renamed the files: only a reload gets the new ones). Resolves to undefined then.
 */
export function useLazyChunk<M>(chunk: LazyChunk<M>): {
  module: M | undefined;
  busy: boolean;
  request: () => Promise<M | undefined>;
  /** Props for the control: aria-busy and aria-disabled while its code loads. */
  busyProps: { 'aria-busy'?: true; 'aria-disabled'?: true };
} {
  const [module, setModule] = useState<M | undefined>(() => chunk.loaded());
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const request = useCallback(async () => {
    const ready = chunk.loaded();
    if (ready !== undefined) {
      setModule(() => ready);
      return ready;
    }
    setBusy(true);
    try {
      const loaded = await chunk.load();
      if (mounted.current) setModule(() => loaded);
      return loaded;
    } catch {
      showLoadFailure();
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, [chunk]);

  return {
    module,
    busy,
    request,
    busyProps: busy ? { 'aria-busy': true, 'aria-disabled': true } : {},
  };
}

/** The failure, said once per page, with the reload that fetches the current files. */
export function showLoadFailure(): void {
  showPageBanner({
    id: 'lisons-load-failed',
    role: 'alert',
    text: m.failed,
    action: m.reload,
    onAction: () => window.location.reload(),
  });
}
