import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookLookupMessages, isbnMessages } from '../../../domain/messages/book-lookup';
import type { BookLookupConfig } from '../../config';
import { type FakeOpenLibrary, startFakeOpenLibrary } from '../../test/fake-open-library';
import { type BookLookup, createBookLookup, type LookupEdition, lookupEditions } from './index';

// The lookup against a local fake of Open Library that answers recorded responses
// (fixtures/README.md): nothing here reaches the internet.

const COVERS = 'https://covers.example';
let fake: FakeOpenLibrary;

beforeAll(async () => {
  fake = await startFakeOpenLibrary();
});
afterAll(() => fake.stop());

/** A lookup of its own (an empty cache) on the fake, under `prefix` to make it misbehave. */
function lookupOn(prefix = '', overrides: Partial<BookLookupConfig> = {}): BookLookup {
  return createBookLookup({
    config: {
      enabled: true,
      url: `${fake.url}${prefix}`,
      coversUrl: COVERS,
      timeoutMs: 2000,
      ...overrides,
    },
    publicUrl: 'https://lisons.example',
  });
}

/** The requests the fake receives while `run` runs. */
async function requestsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = fake.requests.length;
  await run();
  return fake.requests.slice(before).map((r) => r.url);
}

const etranger: LookupEdition = {
  sourceKey: '/books/OL21367022M',
  title: "L'étranger",
  author: 'Albert Camus',
  pageCount: 186,
  isbn13: '9782070360024',
  year: 1972,
  coverUrl: `${COVERS}/b/id/8231387-L.jpg`,
};

describe('searching the open catalogue by title or author', () => {
  it('offers each work found, with the French ISBN first and its cover', async () => {
    const lookup = lookupOn();
    const answer = await lookupEditions({ lookup, query: "  L'Étranger   Camus " });
    expect(answer).toEqual({
      status: 'found',
      editions: [
        {
          sourceKey: '/works/OL1150W',
          title: "L'Étranger",
          author: 'Albert Camus',
          pageCount: 159,
          isbn13: '9782070360024',
          year: 1942,
          coverUrl: `${COVERS}/b/id/8231387-L.jpg`,
        },
        {
          sourceKey: '/works/OL15303480W',
          title: "L'Étranger (édition scolaire annotée)",
          author: 'Albert Camus, Germaine Brée, Carlos Lynes',
          pageCount: 183,
          isbn13: null,
          year: 1955,
          coverUrl: null,
        },
        {
          sourceKey: '/works/OL20610347W',
          title: 'The Stranger',
          author: 'Albert Camus',
          pageCount: null,
          isbn13: '9780679720201',
          year: 1946,
          coverUrl: `${COVERS}/b/id/9244107-L.jpg`,
        },
      ],
    });
  });

  it('asks the search endpoint for the fields it reads, naming Lisons', async () => {
    const before = fake.requests.length;
    await lookupEditions({ lookup: lookupOn(), query: "L'Étranger Camus" });
    const [request] = fake.requests.slice(before);
    const url = new URL(request?.url ?? '', fake.url);
    expect(url.pathname).toBe('/search.json');
    expect(url.searchParams.get('q')).toBe("L'Étranger Camus");
    expect(url.searchParams.get('fields')).toBe(
      'key,title,author_name,first_publish_year,number_of_pages_median,cover_i,isbn',
    );
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(request?.userAgent).toBe('Lisons (+https://lisons.example; recherche de livres)');
  });

  it('answers an empty list when the catalogue finds nothing', async () => {
    const answer = await lookupEditions({ lookup: lookupOn(), query: 'xqzw livre introuvable' });
    expect(answer).toEqual({ status: 'found', editions: [] });
  });

  it('asks for a text before searching, and a short one', async () => {
    const lookup = lookupOn();
    const requests = await requestsDuring(async () => {
      expect(await lookupEditions({ lookup, query: '   ' })).toEqual({
        status: 'invalid',
        message: bookLookupMessages.emptyQuery,
      });
      expect(await lookupEditions({ lookup, query: 'a'.repeat(201) })).toEqual({
        status: 'invalid',
        message: bookLookupMessages.queryTooLong,
      });
    });
    expect(requests).toEqual([]);
  });
});

describe('looking an edition up by its ISBN', () => {
  it('finds the edition by ISBN-13, with its author, pages, year and cover', async () => {
    const lookup = lookupOn();
    const requests = await requestsDuring(async () => {
      expect(await lookupEditions({ lookup, query: '978-2-07-036002-4' })).toEqual({
        status: 'found',
        editions: [etranger],
      });
    });
    expect(requests).toEqual([
      '/isbn/9782070360024.json',
      '/books/OL21367022M.json',
      '/authors/OL124171A.json',
    ]);
  });

  it('finds an edition typed as an ISBN-10 and gives its ISBN-13', async () => {
    const answer = await lookupEditions({ lookup: lookupOn(), query: '2-07-040850-7' });
    expect(answer).toEqual({
      status: 'found',
      editions: [
        {
          sourceKey: '/books/OL9063462M',
          title: 'Le petit prince',
          author: 'Antoine de Saint-Exupéry',
          pageCount: 97,
          isbn13: '9782070408504',
          year: 1999,
          coverUrl: `${COVERS}/b/id/10708272-L.jpg`,
        },
      ],
    });
  });

  it('leaves page count and cover empty when the catalogue has none, and finds the author through the work', async () => {
    const answer = await lookupEditions({ lookup: lookupOn(), query: '979-10-322-8419-3' });
    expect(answer).toEqual({
      status: 'found',
      editions: [
        {
          sourceKey: '/books/OL46102313M',
          title: 'Sido',
          author: 'Colette',
          pageCount: null,
          isbn13: '9791032284193',
          year: 2021,
          coverUrl: null,
        },
      ],
    });
  });

  it('answers an empty list for an ISBN the catalogue does not know', async () => {
    const answer = await lookupEditions({ lookup: lookupOn(), query: '9782253001607' });
    expect(answer).toEqual({ status: 'found', editions: [] });
  });

  it('refuses a mistyped ISBN in French without asking the catalogue', async () => {
    const lookup = lookupOn();
    const requests = await requestsDuring(async () => {
      expect(await lookupEditions({ lookup, query: '2-07-036002-5' })).toEqual({
        status: 'invalid',
        message: isbnMessages.badCheckDigit,
      });
    });
    expect(requests).toEqual([]);
  });
});

describe('when the catalogue fails', () => {
  it('gives the timeout message within the configured timeout when the remote hangs', async () => {
    const lookup = lookupOn('/hang', { timeoutMs: 300 });
    const started = performance.now();
    const answer = await lookupEditions({ lookup, query: "L'Étranger Camus" });
    const elapsed = performance.now() - started;
    expect(answer).toEqual({
      status: 'failed',
      kind: 'timeout',
      message: bookLookupMessages.timeout,
    });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // The reader's budget: a message within 5 s, whatever the remote does.
    expect(elapsed).toBeLessThan(5000);
  });

  it('says the catalogue has a problem when it answers 503', async () => {
    const answer = await lookupEditions({ lookup: lookupOn('/unavailable'), query: '2070360024' });
    expect(answer).toEqual({
      status: 'failed',
      kind: 'unavailable',
      message: bookLookupMessages.unavailable,
    });
  });

  it('says the answer is unreadable when it is cut short or not Open Library’s shape', async () => {
    for (const prefix of ['/malformed', '/wrong-shape']) {
      const answer = await lookupEditions({ lookup: lookupOn(prefix), query: 'Sido Colette' });
      expect(answer).toEqual({
        status: 'failed',
        kind: 'malformed',
        message: bookLookupMessages.malformed,
      });
    }
  });

  it('refuses an answer too large to read, and a redirect to another origin', async () => {
    for (const [prefix, query] of [
      ['/huge', 'Sido Colette'],
      ['/elsewhere', '9791032284193'],
    ] as const) {
      const answer = await lookupEditions({ lookup: lookupOn(prefix), query });
      expect(answer).toEqual({
        status: 'failed',
        kind: 'malformed',
        message: bookLookupMessages.malformed,
      });
    }
  });

  it('says the catalogue is unreachable when nothing listens', async () => {
    const closed = await startFakeOpenLibrary();
    await closed.stop();
    const lookup = createBookLookup({
      config: { enabled: true, url: closed.url, coversUrl: COVERS, timeoutMs: 2000 },
      publicUrl: 'https://lisons.example',
    });
    expect(await lookupEditions({ lookup, query: 'Sido' })).toEqual({
      status: 'failed',
      kind: 'unreachable',
      message: bookLookupMessages.unreachable,
    });
  });

  it('asks again after a failure: failures are not kept', async () => {
    const lookup = lookupOn('/unavailable');
    const requests = await requestsDuring(async () => {
      await lookupEditions({ lookup, query: 'Sido Colette' });
      await lookupEditions({ lookup, query: 'Sido Colette' });
    });
    expect(requests).toHaveLength(2);
  });
});

describe('turned off, and recent lookups', () => {
  it('answers "off" at once without any request when BOOK_LOOKUP=off', async () => {
    const lookup = lookupOn('', { enabled: false });
    const requests = await requestsDuring(async () => {
      for (const query of ["L'Étranger Camus", '2070360024', '']) {
        expect(await lookupEditions({ lookup, query })).toEqual({
          status: 'off',
          message: bookLookupMessages.off,
        });
      }
    });
    expect(requests).toEqual([]);
  });

  it('answers a repeated lookup from memory, an ISBN-10 and its ISBN-13 alike', async () => {
    const lookup = lookupOn();
    const first = await requestsDuring(() => lookupEditions({ lookup, query: "L'Étranger Camus" }));
    expect(first).toHaveLength(1);
    const again = await requestsDuring(async () => {
      const answer = await lookupEditions({ lookup, query: "l'étranger  CAMUS" });
      expect(answer.status === 'found' && answer.editions).toHaveLength(3);
    });
    expect(again).toEqual([]);

    await lookupEditions({ lookup, query: '9782070360024' });
    const byIsbn10 = await requestsDuring(async () => {
      expect(await lookupEditions({ lookup, query: '2-07-036002-4' })).toEqual({
        status: 'found',
        editions: [etranger],
      });
    });
    expect(byIsbn10).toEqual([]);
  });
});
