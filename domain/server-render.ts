import type { BlogList, BlogPost } from './blog.schemas';
import type { BookCard, BookDetail, Category, Page } from './books.schemas';
import type { PageHead } from './page-head';

/**
 * The contract between the server and the client's server build (client/entry-server.tsx,
 * decision 030): the server hands its own read functions (no HTTP), the render hands back
 * the page.
 */
export type ServerData = {
  /** The site's public address, for canonical and Open Graph addresses. */
  publicUrl: string;
  /** GET /api/books as a visitor gets it. */
  explore: (params: {
    cat: Category;
    q: string;
    page: number;
    sort: 'date' | 'author' | 'pages';
    ready: boolean;
  }) => Promise<Page<BookCard>>;
  /** A book by id or slug, published or not; null if there is none. */
  book: (ref: string) => Promise<BookDetail | null>;
  /** GET /api/blog/posts?page=N: a page past the last answers with the last. */
  blogList: (page: number) => Promise<BlogList>;
  /** GET /api/blog/posts/:slug: a public post, null for a draft, a scheduled or no post. */
  blogPost: (slug: string) => Promise<BlogPost | null>;
};

/**
 * A public page rendered on the server: its status, head, the markup of #root and the
 * query data the browser's first render reads (JSON, not yet escaped for a script element).
 * `html` is null when the page is rendered in the browser (a missing book: the shell, 404).
 */
export type RenderedPage = {
  status: number;
  /** Where the page is now (a blog page past the last): answered with a redirect. */
  redirect?: string | undefined;
  head: PageHead | null;
  html: string | null;
  queries: string | null;
  /** The screen's module as the client build's manifest names it ('routes/blog-post.tsx'). */
  chunk: string | null;
};

/** client/entry-server.tsx's render: null for a page rendered only in the browser. */
export type RenderPageFn = (url: string, data: ServerData) => Promise<RenderedPage | null>;
