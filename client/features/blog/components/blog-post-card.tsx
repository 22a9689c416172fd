import { Link } from 'react-router';
import { blogPostPath } from '../../../../domain/blog';
import type { BlogPostSummary } from '../../../../domain/blog.schemas';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { fill } from '../../../../domain/messages/fill';
import { formatFrenchDate } from '../../../lib/format';
import { BlogImage } from './blog-image';

/**
 * A post in the list or among related posts: image, title, excerpt, date, reading time.
 * `priority`: the image is likely the page's largest paint (the list's first card), fetched
 * at once and first rather than when laid out.
 */
export function BlogPostCard({
  post,
  compact = false,
  priority = false,
}: {
  post: BlogPostSummary;
  compact?: boolean;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-ink/10 bg-paper shadow-sm transition-shadow hover:shadow-md">
      <BlogImage
        image={post.image}
        sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
        priority={priority}
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2
          className={`font-display font-semibold leading-snug ${compact ? 'text-lg' : 'text-xl'}`}
        >
          <Link
            to={blogPostPath(post.slug)}
            className="no-underline after:absolute after:inset-0 hover:underline"
          >
            {post.title}
          </Link>
        </h2>
        {compact ? null : <p className="text-ink-soft">{post.excerpt}</p>}
        <p className="mt-auto pt-2 text-sm text-ink-soft">
          {post.publishedAt ? (
            <time dateTime={post.publishedAt}>{formatFrenchDate(post.publishedAt)}</time>
          ) : null}
          {post.publishedAt ? ' · ' : null}
          {fill(m.readingTime, { minutes: post.readingMinutes })}
        </p>
      </div>
    </article>
  );
}
