import { ArrowLeft, Clock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { blogPostPath } from '../../domain/blog';
import type { BlogPost } from '../../domain/blog.schemas';
import { blogMessages as m } from '../../domain/messages/blog';
import { fill } from '../../domain/messages/fill';
import { QueryProvider } from '../app/query-provider';
import { ErrorState } from '../components/ui/error-state';
import { LoadingState } from '../components/ui/loading-state';
import { recordBlogEvent, useBlogPost } from '../features/blog/blog-queries';
import { BlogImage } from '../features/blog/components/blog-image';
import { BlogPostCard } from '../features/blog/components/blog-post-card';
import { ShareButton } from '../features/blog/components/share-button';
import { useReadingEvents } from '../features/blog/use-reading-events';
import { formatFrenchDate } from '../lib/format';
import { HttpError } from '../lib/http-error';
import { usePageMeta } from '../lib/use-page-meta';

/** /blog/{slug}: one article, 'Article non trouvé' otherwise. */
export function BlogPostPage() {
  return (
    <QueryProvider>
      <BlogPostScreen />
    </QueryProvider>
  );
}

function BlogPostScreen() {
  const slug = useParams().slug ?? '';
  const post = useBlogPost(slug);
  const notFound = post.error instanceof HttpError && post.error.status === 404;
  usePageMeta({
    title: post.data?.title ?? (notFound ? m.notFound : m.blog),
    // As the server's head for an article (client/ssr/public-pages.ts).
    ...(post.data ? { description: post.data.excerpt || m.listIntro } : {}),
    ...(post.data?.image ? { image: { url: post.data.image.src, alt: post.data.image.alt } } : {}),
  });
  useReadingEvents(post.data ? post.data.slug : null);

  if (post.isPending) return <LoadingState text={m.loading} />;
  if (notFound) {
    return (
      <div className="mx-auto max-w-xl px-5 py-20 text-center">
        <h1 className="font-display text-3xl font-semibold">{m.notFound}</h1>
        <p className="mt-3 text-ink-soft">{m.notFoundText}</p>
        <BackToBlog className="mt-8 justify-center" />
      </div>
    );
  }
  if (post.isError) {
    return (
      <ErrorState title={m.loadError} retryLabel={m.retry} onRetry={() => void post.refetch()} />
    );
  }
  return <Article post={post.data} />;
}

function BackToBlog({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/blog"
      className={`inline-flex items-center gap-1 text-sm font-semibold text-ink-soft no-underline hover:text-ink ${className}`}
    >
      <ArrowLeft aria-hidden="true" size={16} />
      {m.backToBlog}
    </Link>
  );
}

// The article's HTML (tags of the spec's allow-list only), styled from here: the global
// stylesheet stays the shell's.
const contentStyles = [
  'text-lg leading-relaxed text-ink',
  '[&_p]:my-5 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h1]:mt-10 [&_h1]:font-display [&_h1]:text-3xl [&_h1]:font-semibold',
  '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-2',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:pl-5 [&_blockquote]:italic',
  '[&_a]:text-accent [&_a]:underline [&_code]:rounded [&_code]:bg-paper-deep [&_code]:px-1',
  '[&_pre]:my-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-paper-deep [&_pre]:p-4',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  // Past its first blocks, the text is laid out only as it nears the screen (styles.css,
  // below-the-fold): the fonts arriving or hydration then lay out a screenful, not the whole.
  '[&>*:nth-child(n+3)]:[content-visibility:auto] [&>*:nth-child(n+3)]:[contain-intrinsic-size:auto_6lh]',
].join(' ');

function Article({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto max-w-3xl px-5 pt-8 pb-16">
      <BackToBlog />
      <nav aria-label={m.breadcrumb} className="mt-4 text-sm text-ink-soft">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-ink">
              {m.home}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <Link to="/blog" className="hover:text-ink">
              {m.blog}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page" className="text-ink">
            {post.title}
          </li>
        </ol>
      </nav>
      <header className="mt-6">
        <h1 className="font-display text-3xl leading-tight font-semibold md:text-5xl">
          {post.title}
        </h1>
        {post.excerpt ? (
          <p className="mt-4 text-lg text-ink-soft md:text-xl">{post.excerpt}</p>
        ) : null}
        <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-soft">
          <span>{fill(m.by, { author: post.author })}</span>
          {post.publishedAt ? (
            <time dateTime={post.publishedAt}>
              {fill(m.publishedOn, { date: formatFrenchDate(post.publishedAt) })}
            </time>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" size={14} />
            {fill(m.readingTime, { minutes: post.readingMinutes })}
          </span>
          <span className="ml-auto">
            <ShareButton
              title={post.title}
              text={post.excerpt}
              path={blogPostPath(post.slug)}
              onShared={() => recordBlogEvent(post.slug, { name: 'share' })}
            />
          </span>
        </div>
      </header>
      <div className="mt-8 overflow-hidden rounded-2xl">
        <BlogImage image={post.image} sizes="(min-width: 768px) 720px, 100vw" priority />
      </div>
      {post.tags.length > 0 ? (
        <ul aria-label={m.tags} className="mt-6 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-paper-deep px-3 py-1 text-sm">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className={`mt-8 ${contentStyles}`}
        // Sanitised by the server to the spec's allow-list, at save and again at render.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      {post.related.length > 0 ? (
        <section
          aria-labelledby="related"
          className="below-the-fold mt-16 border-t border-ink/10 pt-10"
        >
          <h2 id="related" className="font-display text-2xl font-semibold">
            {m.related}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {post.related.map((related) => (
              <li key={related.id} className="flex">
                <BlogPostCard post={related} compact />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
