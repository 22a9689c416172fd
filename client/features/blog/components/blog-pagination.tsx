import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { blogPagePath, paginationItems } from '../../../../domain/blog';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { fill } from '../../../../domain/messages/fill';

const link =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold no-underline hover:bg-paper-deep';

/**
 * Previous, at most 5 numbers (first and last always, gaps as '…') and next
 * (docs/architecture.md#blog). Plain links, so it works without JavaScript and search engines
 * follow every page.
 */
export function BlogPagination({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={m.pagination}
      className="mt-12 flex flex-wrap items-center justify-center gap-1"
    >
      {page > 1 ? (
        <Link to={blogPagePath(page - 1)} rel="prev" className={link}>
          <ChevronLeft aria-hidden="true" size={18} />
          {m.previous}
        </Link>
      ) : null}
      <ul className="flex items-center gap-1">
        {paginationItems(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.page === page ? (
                <span
                  aria-current="page"
                  className={`${link} bg-accent text-paper hover:bg-accent`}
                >
                  {item.page}
                </span>
              ) : (
                <Link
                  to={blogPagePath(item.page)}
                  aria-label={fill(m.pageLabel, { page: item.page })}
                  className={link}
                >
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link to={blogPagePath(page + 1)} rel="next" className={link}>
          {m.next}
          <ChevronRight aria-hidden="true" size={18} />
        </Link>
      ) : null}
    </nav>
  );
}
