import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

// A local Open Library for the lookup's tests (docs/decisions/042-book-lookup.md): a real
// HTTP server that answers the recorded responses of server/modules/book-lookup/fixtures by
// path, so nothing reaches the internet. Under a prefix it misbehaves as a remote can:
// /hang/… never answers, /unavailable/… answers 503, /malformed/… cuts its JSON short,
// /wrong-shape/… answers JSON that is not Open Library's, /huge/… answers 2 MB and
// /elsewhere/… redirects to another origin. It is the covers service too: /b/id/<id>-L.jpg
// answers a 300×450 JPEG (id 404: not found).

const fixturesDir = new URL('../modules/book-lookup/fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.json`, fixturesDir), 'utf8');

/** Searches by their text (lower-case); any other text finds nothing. */
const searches: Record<string, string> = { "l'étranger camus": 'search-l-etranger' };

/** /isbn/<isbn-13>.json redirects to its edition, as Open Library does. */
const isbnEditions: Record<string, string> = {
  '9782070360024': '/books/OL21367022M.json',
  '9782070408504': '/books/OL9063462M.json',
  '9791032284193': '/books/OL46102313M.json',
};

const records: Record<string, string> = {
  '/books/OL21367022M.json': 'edition-l-etranger',
  '/books/OL9063462M.json': 'edition-le-petit-prince',
  '/books/OL46102313M.json': 'edition-sido',
  '/works/OL1049541W.json': 'work-sido',
  '/authors/OL124171A.json': 'author-camus',
  '/authors/OL35079A.json': 'author-saint-exupery',
  '/authors/OL20949A.json': 'author-colette',
};

/** A request the fake received: its path with the query, and its User-Agent. */
export type FakeRequest = { url: string; userAgent: string | undefined };

function json(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
}

function answer(path: string, url: URL, res: http.ServerResponse) {
  if (path === '/search.json') {
    const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
    return json(res, 200, fixture(searches[q] ?? 'search-empty'));
  }
  const isbn = /^\/isbn\/([\dX]+)\.json$/.exec(path)?.[1];
  if (isbn !== undefined) {
    const edition = isbnEditions[isbn];
    // Relative, so the redirect stays under a prefix; Open Library sends /books/….
    if (edition) return res.writeHead(302, { location: `..${edition}` }).end();
    return json(res, 404, JSON.stringify({ error: 'notfound', key: `/isbn/${isbn}` }));
  }
  const record = records[path];
  if (record) return json(res, 200, fixture(record));
  return json(res, 404, JSON.stringify({ error: 'notfound', key: path }));
}

/** Starts the fake on a free port of 127.0.0.1; `url` is its address without a trailing slash. */
export async function startFakeOpenLibrary() {
  const requests: FakeRequest[] = [];
  const cover = await sharp({
    create: { width: 300, height: 450, channels: 3, background: '#2f5d8a' },
  })
    .jpeg()
    .toBuffer();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ url: url.pathname + url.search, userAgent: req.headers['user-agent'] });
    const coverId = /^\/b\/id\/(\d+)-L\.jpg$/.exec(url.pathname)?.[1];
    if (coverId !== undefined) {
      if (coverId === '404') return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(cover);
    }
    const prefix = /^\/([\w-]+)\//.exec(url.pathname)?.[1];
    if (prefix === 'hang') return; // never answers: the client's timeout must end the wait
    if (prefix === 'unavailable') {
      return res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503</h1>');
    }
    if (prefix === 'malformed') return json(res, 200, '{"numFound": 1, "docs": [{"title": "L\'Étr');
    if (prefix === 'huge') {
      return json(
        res,
        200,
        JSON.stringify({ numFound: 1, docs: [{ key: '/works/OL1W', title: 'x'.repeat(2 << 20) }] }),
      );
    }
    if (prefix === 'elsewhere') {
      return res.writeHead(302, { location: 'http://127.0.0.2:9/books/OL1M.json' }).end();
    }
    if (prefix === 'wrong-shape') {
      return json(res, 200, JSON.stringify({ numFound: 'beaucoup', docs: { title: 'Sido' } }));
    }
    answer(url.pathname, url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Closes the server and the connections a hanging request still holds. */
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeOpenLibrary = Awaited<ReturnType<typeof startFakeOpenLibrary>>;
