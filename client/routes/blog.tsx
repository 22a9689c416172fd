import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { blogPagePath } from '../../domain/blog';
import { blogMessages as m } from '../../domain/messages/blog';
import { QueryProvider } from '../app/query-provider';
import { ErrorState } from '../components/ui/error-state';
import { LoadingState } from '../components/ui/loading-state';
import { useBlogList } from '../features/blog/blog-queries';
import { BlogPagination } from '../features/blog/components/blog-pagination';
import { BlogPostCard } from '../features/blog/components/blog-post-card';
import { usePageMeta } from '../lib/use-page-meta';
import { NotFoundPage } from './not-found';

/** A page number from /blog/page/:page, or null when the path names none. */
function pageOf(param: string | undefined): number | null {
  if (param === undefined) return 1;
  const page = Number(param);
  return Number.isInteger(page) && page >= 1 && String(page) === param ? page : null;
}

/** /blog and /blog/page/N: 12 posts a page, newest first (docs/architecture.md#blog). */
export function BlogListPage() {
  const param = useParams().page;
  const page = pageOf(param);
  if (page === null) return <NotFoundPage />;
  if (param === '1') return <Navigate to="/blog" replace />;
  return (
    <QueryProvider>
      <BlogList page={page} />
    </QueryProvider>
  );
}

function BlogList({ page }: { page: number }) {
  const list = useBlogList(page);
  usePageMeta({ title: m.listTitle, description: m.listIntro });
  // A page past the last: the server answered with the last one.
  if (list.data && list.data.page !== page)
    return <Navigate to={blogPagePath(list.data.page)} replace />;
  return (
    <div className="mx-auto max-w-6xl px-5 pt-8 pb-16">
      <Link
        to="/"
        className="inline-flex items-center gap-1 text-sm font-semibold text-ink-soft no-underline hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" size={16} />
        {m.backHome}
      </Link>
      <header className="mt-6 mb-10 max-w-2xl">
        <h1 className="font-display text-4xl font-semibold md:text-5xl">{m.listTitle}</h1>
        <p className="mt-3 text-lg text-ink-soft">{m.listIntro}</p>
      </header>
      {list.isPending ? (
        <LoadingState text={m.listLoading} />
      ) : list.isError ? (
        <ErrorState
          title={m.listLoadError}
          retryLabel={m.retry}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <p className="py-16 text-center text-ink-soft">{m.listEmpty}</p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.items.map((post, index) => (
              // Past the first two, the cards are laid out as they near the screen.
              <li key={post.id} className={index < 2 ? 'flex' : 'below-the-fold flex'}>
                <BlogPostCard post={post} priority={index === 0} />
              </li>
            ))}
          </ul>
          <BlogPagination page={list.data.page} totalPages={list.data.totalPages} />
        </>
      )}
    </div>
  );
}
