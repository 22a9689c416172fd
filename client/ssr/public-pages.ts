import { matchPath } from 'react-router';
import { blogPagePath, blogPostPath } from '../../domain/blog';
import { bookAuthor, bookTitle } from '../../domain/book-display';
import { EXPLORE_PAGE_SIZE } from '../../domain/catalogue';
import { blogMessages } from '../../domain/messages/blog';
import { categoryLabels, exploreMessages } from '../../domain/messages/catalogue';
import { landingMessages, navLabels, pageTitle } from '../../domain/messages/shell';
import { aboutPage, pressPage, privacyPage, termsPage } from '../../domain/messages/static-pages';
import { breadcrumbList, itemList, type PageHead, siteName } from '../../domain/page-head';
import { appPaths } from '../../domain/screen-paths';
import type { ServerData } from '../../domain/server-render';
import { blogKeys } from '../features/blog/blog-queries';
import { exploreSearch, readExploreParams } from '../features/catalogue/hooks/use-explore-params';
import { queryKeys } from '../lib/query-keys';

export type { ServerData };

export type PrefetchedQuery = { queryKey: readonly unknown[]; data: unknown };

/**
 * A public page: its status, head and the data its screen reads (put in the query cache
 * before the render, and sent along for the browser's first render). `render: false`: the
 * server sends the app shell with this status (a missing book is a real 404).
 */
export type PublicPage = {
  status: number;
  redirect?: string | undefined;
  render: boolean;
  head: PageHead | null;
  queries: PrefetchedQuery[];
};

type Resolver = (
  params: Record<string, string | undefined>,
  url: URL,
  data: ServerData,
) => Promise<PublicPage> | PublicPage;

const staticPage = (head: PageHead): PublicPage => ({
  status: 200,
  render: true,
  head,
  queries: [],
});

function prose(path: string, page: { title: string; lead: string }): Resolver {
  return (_params, _url, data) =>
    staticPage({
      title: pageTitle(page.title),
      description: page.lead,
      path,
      jsonLd: [
        breadcrumbList(
          [
            { name: navLabels.home, path: '/' },
            { name: page.title, path },
          ],
          data.publicUrl,
        ),
      ],
    });
}

const landing: Resolver = () =>
  staticPage({
    title: pageTitle(landingMessages.documentTitle),
    description: landingMessages.heroLead,
    path: '/',
  });

const explore: Resolver = async (_params, url, data) => {
  const state = readExploreParams(url.searchParams);
  const result = await data.explore(state);
  // One canonical address per category page: filters and orders are the same books.
  const canonical = (page: number) =>
    `${appPaths.explore}?${exploreSearch({ cat: state.cat, q: '', sort: 'date', ready: false, page })}`;
  const lastPage = Math.max(1, Math.ceil(result.total / EXPLORE_PAGE_SIZE));
  return {
    status: 200,
    render: true,
    head: {
      title: pageTitle(exploreMessages.documentTitle),
      description: `${categoryLabels[state.cat]} : ${exploreMessages.lead}`,
      path: canonical(state.page),
      prev: state.page > 1 ? canonical(state.page - 1) : undefined,
      next: state.page < lastPage ? canonical(state.page + 1) : undefined,
      jsonLd: [
        itemList(
          result.items.map((book) => `/books/${book.slug}`),
          data.publicUrl,
        ),
      ],
    },
    queries: [{ queryKey: queryKeys.explore(state), data: result }],
  };
};

const book: Resolver = async ({ ref = '' }, _url, data) => {
  const detail = await data.book(ref);
  if (!detail) return { status: 404, render: false, head: null, queries: [] };
  if (!detail.isPublished) return { status: 410, render: false, head: null, queries: [] };
  const title = bookTitle(detail.title);
  const path = `/books/${detail.slug}`;
  const description = detail.description.slice(0, 160) || `${title}, ${bookAuthor(detail.author)}`;
  const cover = detail.coverUrl
    ? { url: detail.coverUrl, alt: title, width: 512, height: 768 }
    : undefined;
  return {
    status: 200,
    render: true,
    head: {
      title: pageTitle(title),
      description,
      path,
      type: 'book',
      image: cover,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Book',
          name: title,
          author: { '@type': 'Person', name: bookAuthor(detail.author) },
          numberOfPages: detail.totalPages,
          inLanguage: 'fr',
          url: `${data.publicUrl}${path}`,
          ...(detail.year ? { datePublished: String(detail.year) } : {}),
          ...(detail.coverUrl ? { image: `${data.publicUrl}${detail.coverUrl}` } : {}),
          ...(detail.description ? { description: detail.description } : {}),
        },
        breadcrumbList(
          [
            { name: navLabels.home, path: '/' },
            { name: navLabels.explore, path: appPaths.explore },
            { name: categoryLabels[detail.category], path: `/explore?cat=${detail.category}` },
            { name: title, path },
          ],
          data.publicUrl,
        ),
      ],
    },
    // The key the screen reads (the address's ref), with what a visitor gets.
    queries: [{ queryKey: queryKeys.book(ref), data: { book: detail, progress: null } }],
  };
};

const notFound: PublicPage = { status: 404, render: false, head: null, queries: [] };

const blogList: Resolver = async ({ page: param }, _url, data) => {
  const page = param === undefined ? 1 : Number(param);
  // /blog/page/0, /blog/page/02, /blog/page/deux: not a page.
  if (!Number.isInteger(page) || page < 1 || (param !== undefined && String(page) !== param)) {
    return notFound;
  }
  const list = await data.blogList(page);
  // A page past the last: the last (docs/architecture.md#blog).
  if (list.page !== page) return { ...notFound, status: 302, redirect: blogPagePath(list.page) };
  const path = blogPagePath(list.page);
  return {
    status: 200,
    render: true,
    head: {
      title: pageTitle(blogMessages.listTitle),
      description: blogMessages.listIntro,
      path,
      prev: list.page > 1 ? blogPagePath(list.page - 1) : undefined,
      next: list.page < list.totalPages ? blogPagePath(list.page + 1) : undefined,
      jsonLd: [
        itemList(
          list.items.map((post) => blogPostPath(post.slug)),
          data.publicUrl,
        ),
        breadcrumbList(
          [
            { name: blogMessages.home, path: '/' },
            { name: blogMessages.blog, path: '/blog' },
          ],
          data.publicUrl,
        ),
      ],
    },
    queries: [{ queryKey: blogKeys.list(page), data: list }],
  };
};

const blogPost: Resolver = async ({ slug = '' }, _url, data) => {
  const post = await data.blogPost(slug);
  // 'Article non trouvé' (a draft, a scheduled post, no post): the shell with a real 404.
  if (!post) return notFound;
  const path = blogPostPath(post.slug);
  const url = (p: string) => `${data.publicUrl}${p}`;
  const image = post.image
    ? {
        url: post.image.src,
        alt: post.image.alt,
        width: post.image.width,
        height: post.image.height,
      }
    : undefined;
  return {
    status: 200,
    render: true,
    head: {
      title: pageTitle(post.title),
      description: post.excerpt || blogMessages.listIntro,
      path,
      type: 'article',
      image,
      article: {
        ...(post.publishedAt ? { publishedTime: post.publishedAt } : {}),
        modifiedTime: post.updatedAt,
        tags: post.tags,
      },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          url: url(path),
          mainEntityOfPage: url(path),
          inLanguage: 'fr',
          author: {
            '@type': post.author === siteName ? 'Organization' : 'Person',
            name: post.author,
          },
          publisher: { '@type': 'Organization', name: siteName, logo: url('/icon-512.png') },
          ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
          dateModified: post.updatedAt,
          ...(image ? { image: url(image.url) } : {}),
          ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
        },
        breadcrumbList(
          [
            { name: blogMessages.home, path: '/' },
            { name: blogMessages.blog, path: '/blog' },
            { name: post.title, path },
          ],
          data.publicUrl,
        ),
      ],
    },
    queries: [{ queryKey: blogKeys.post(slug), data: post }],
  };
};

/**
 * The public pages rendered on the server, each with its screen's module as the client
 * build's manifest names it (the server preloads that chunk and its imports, decision 030);
 * every other page is rendered in the browser.
 */
const publicPages: [path: string, resolve: Resolver, chunk: string][] = [
  [appPaths.landing, landing, 'routes/landing.tsx'],
  [appPaths.landingAlias, landing, 'routes/landing.tsx'],
  [appPaths.about, prose(appPaths.about, aboutPage), 'routes/about.tsx'],
  [appPaths.press, prose(appPaths.press, pressPage), 'routes/press.tsx'],
  [appPaths.privacy, prose(appPaths.privacy, privacyPage), 'routes/privacy.tsx'],
  [appPaths.terms, prose(appPaths.terms, termsPage), 'routes/terms.tsx'],
  [appPaths.explore, explore, 'routes/explore.tsx'],
  [appPaths.book, book, 'routes/book.tsx'],
  [appPaths.bookAlias, book, 'routes/book.tsx'],
  [appPaths.blog, blogList, 'routes/blog.tsx'],
  [appPaths.blogPage, blogList, 'routes/blog.tsx'],
  [appPaths.blogPost, blogPost, 'routes/blog-post.tsx'],
];

/** The public page at `url` and its screen's chunk, or null when the browser renders it. */
export async function resolvePublicPage(
  url: URL,
  data: ServerData,
): Promise<{ page: PublicPage; chunk: string } | null> {
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  for (const [path, resolve, chunk] of publicPages) {
    const match = matchPath(path, pathname);
    if (match) return { page: await resolve(match.params, url, data), chunk };
  }
  return null;
}
