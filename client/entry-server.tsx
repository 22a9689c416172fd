import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { RenderedPage, ServerData } from '../domain/server-render';
import { App } from './app/app';
import { RequestQueryClient } from './app/query-provider';
import { preloadPage } from './app/router';
import { createQueryClient } from './lib/query-client';
import { resolvePublicPage } from './ssr/public-pages';

/**
 * Renders `url` (path and query) with the same components the browser hydrates: the page's
 * chunk loaded first (as main.tsx does), its data put in a query client of this request, a
 * visitor's session ('loading', as the browser's first render has it). Null for a page that
 * is only rendered in the browser (signed-in screens).
 */
export async function render(url: string, data: ServerData): Promise<RenderedPage | null> {
  const address = new URL(url, 'http://localhost');
  const resolved = await resolvePublicPage(address, data);
  if (!resolved) return null;
  const { page, chunk } = resolved;
  if (!page.render) {
    return {
      status: page.status,
      redirect: page.redirect,
      head: null,
      html: null,
      queries: null,
      chunk: null,
    };
  }
  const client = createQueryClient();
  for (const query of page.queries) client.setQueryData(query.queryKey, query.data);
  await preloadPage(address.pathname);
  // prerender waits for every lazy part (the toaster), so the markup is whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RequestQueryClient value={client}>
        <StaticRouter location={`${address.pathname}${address.search}`}>
          <App />
        </StaticRouter>
      </RequestQueryClient>
    </StrictMode>,
    // Never outline a large part to be revealed by an inline script: the page's policy
    // allows no inline script, and the whole page is sent at once anyway.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const queries = page.queries.length > 0 ? JSON.stringify(dehydrate(client)) : null;
  client.clear();
  return {
    status: page.status,
    head: page.head,
    html: Buffer.concat(chunks).toString('utf8'),
    queries,
    chunk,
  };
}
