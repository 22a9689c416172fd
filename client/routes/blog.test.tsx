import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogPost } from '../../domain/blog.schemas';
import { BlogPagination } from '../features/blog/components/blog-pagination';
import { queryClient } from '../lib/query-client';
import { aBlogImage, aBlogPost } from '../test/blog-fixtures';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { BlogPostPage } from './blog-post';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function pagination(page: number, totalPages: number) {
  render(
    <MemoryRouter>
      <BlogPagination page={page} totalPages={totalPages} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Pages du blog' });
  return [...nav.querySelectorAll('li')].map((li) => li.textContent);
}

describe('the blog pagination', () => {
  it('shows at most 5 numbers, the first and the last always, gaps between', () => {
    expect(pagination(5, 10)).toEqual(['1', '…', '4', '5', '6', '…', '10']);
    cleanup();
    expect(pagination(1, 10)).toEqual(['1', '2', '3', '4', '…', '10']);
    cleanup();
    expect(pagination(10, 10)).toEqual(['1', '…', '7', '8', '9', '10']);
    cleanup();
    expect(pagination(2, 3)).toEqual(['1', '2', '3']);
  });

  it('links page 1 to /blog, the others to /blog/page/N, with previous and next', () => {
    pagination(2, 3);
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/blog');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/blog/page/3');
    expect(screen.getByRole('link', { name: /Précédent/ }).getAttribute('href')).toBe('/blog');
    expect(screen.getByRole('link', { name: /Suivant/ }).getAttribute('href')).toBe('/blog/page/3');
    expect(screen.getByText('2').getAttribute('aria-current')).toBe('page');
  });

  it('is not shown for a single page', () => {
    render(
      <MemoryRouter>
        <BlogPagination page={1} totalPages={1} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

const post: BlogPost = {
  ...aBlogPost(),
  content: '<h2>Intertitre</h2><p>Le texte.</p>',
  related: [],
};

function article(reply: Parameters<typeof mockApi>[0][string]) {
  const fetchMock = mockApi({
    'GET /api/blog/posts/oser-les-classiques': reply,
    'POST /api/blog/posts/oser-les-classiques/events': { body: { recorded: true } },
  });
  renderScreen(<BlogPostPage />, { path: '/blog/:slug', at: '/blog/oser-les-classiques' });
  return fetchMock;
}

describe('a blog article', () => {
  it('shows a loading state, then the article with its date in French and reading time', async () => {
    article({ body: post });
    expect(screen.getByRole('status').textContent).toContain("Chargement de l'article");
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oser les classiques' }),
    ).toBeTruthy();
    expect(screen.getByText('Publié le 17 novembre 2026')).toBeTruthy();
    expect(screen.getByText(/^4.min de lecture$/)).toBeTruthy();
    expect(screen.getByText('Par Lisons')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Intertitre' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Retour au blog/ }).getAttribute('href')).toBe('/blog');
  });

  it("says 'Article non trouvé' for an unknown post, and the error state otherwise", async () => {
    article(apiError(404, 'NOT_FOUND', 'Article non trouvé'));
    expect(await screen.findByRole('heading', { name: 'Article non trouvé' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    article(apiError(503, 'UNAVAILABLE', 'Indisponible'));
    expect(
      await screen.findByRole(
        'heading',
        { name: "Erreur lors du chargement de l'article" },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  }, 20_000);

  it('copies the link when the browser cannot share, with the spec’s toast, and counts the share', async () => {
    const fetchMock = article({ body: post });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Partager' }));
    expect(await screen.findByText('Lien copié dans le presse-papier')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('/blog/oser-les-classiques'));
    const shares = fetchMock.mock.calls.filter(([, init]) => String(init?.body).includes('share'));
    expect(shares).toHaveLength(1);
  });

  it('says the copy failed when the clipboard refuses', async () => {
    article({ body: post });
    const user = userEvent.setup();
    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    await user.click(await screen.findByRole('button', { name: 'Partager' }));
    expect(await screen.findByText('Impossible de copier le lien')).toBeTruthy();
  });

  it('uses the share sheet when there is one, silent when the reader cancels', async () => {
    article({ body: post });
    const share = vi.fn(async () => Promise.reject(new DOMException('cancel', 'AbortError')));
    vi.stubGlobal('navigator', { ...navigator, share });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Partager' }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Erreur lors du partage')).toBeNull();
  });
});

void pending;

describe('the head after moving inside the app', () => {
  // What the server wrote for /blog (domain/page-head.ts headTags), as after a first load there.
  const listHead = `
    <title>Le blog · Lisons</title>
    <meta name="description" content="La liste" />
    <link rel="canonical" href="https://lisons.example/blog" />
    <meta property="og:title" content="Le blog · Lisons" />
    <meta property="og:description" content="La liste" />
    <meta property="og:url" content="https://lisons.example/blog" />
    <meta property="og:image" content="https://lisons.example/og-image.png" />
    <meta property="og:image:alt" content="Lisons" />
    <meta name="twitter:title" content="Le blog · Lisons" />
    <meta name="twitter:description" content="La liste" />
    <meta name="twitter:image" content="https://lisons.example/og-image.png" />`;
  const content = (selector: string, attribute = 'content') =>
    document.head.querySelector(selector)?.getAttribute(attribute);

  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("points canonical and Open Graph at the article, with the server's address", async () => {
    document.head.innerHTML = listHead;
    article({ body: { ...post, excerpt: 'Un chapô.', image: aBlogImage } });
    await screen.findByRole('heading', { level: 1, name: 'Oser les classiques' });
    const url = 'https://lisons.example/blog/oser-les-classiques';
    expect(content('link[rel="canonical"]', 'href')).toBe(url);
    expect(content('meta[property="og:url"]')).toBe(url);
    expect(content('meta[property="og:title"]')).toBe('Oser les classiques · Lisons');
    expect(content('meta[name="twitter:title"]')).toBe('Oser les classiques · Lisons');
    expect(content('meta[property="og:description"]')).toBe('Un chapô.');
    expect(content('meta[property="og:image"]')).toBe(
      'https://lisons.example/blog-images/a-800.jpeg',
    );
    expect(content('meta[property="og:image:alt"]')).toBe('Un livre ouvert');
    expect(content('meta[name="twitter:image"]')).toBe(
      'https://lisons.example/blog-images/a-800.jpeg',
    );
  });
});
