import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { blogPostPath } from '../../domain/blog';
import type { BlogAdminPost } from '../../domain/blog.schemas';
import { blogMessages as m } from '../../domain/messages/blog';
import { fill } from '../../domain/messages/fill';
import { buttonClasses } from '../components/ui/button-styles';
import { ErrorState } from '../components/ui/error-state';
import { LoadingState } from '../components/ui/loading-state';
import {
  useAdminBlogPost,
  useAdminBlogPosts,
  useBlogAdminAction,
} from '../features/blog/admin/blog-admin-api';
import { BlogPostForm } from '../features/blog/admin/blog-post-form';
import { formatFrenchDate } from '../lib/format';
import { usePageMeta } from '../lib/use-page-meta';

const stateLabel = {
  draft: m.stateDraft,
  scheduled: m.stateScheduled,
  published: m.statePublished,
};
const stateStyle = {
  draft: 'bg-ink/10 text-ink',
  scheduled: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
};

/** /admin/blog: the blog manager. ?post=new or ?post=<id> edits. */
export function AdminBlogPage() {
  usePageMeta({ title: m.adminTitle });
  const [params, setParams] = useSearchParams();
  const editing = params.get('post');
  const close = () => setParams({});
  if (editing === 'new') return <BlogPostForm post={null} onDone={close} />;
  if (editing) return <EditPost id={editing} onDone={close} />;
  return <PostList onEdit={(id) => setParams({ post: id })} />;
}

function EditPost({ id, onDone }: { id: string; onDone: () => void }) {
  const post = useAdminBlogPost(id);
  if (post.isPending) return <LoadingState text={m.adminLoading} />;
  if (post.isError)
    return <ErrorState title={m.postNotFound} retryLabel={m.back} onRetry={onDone} />;
  return <BlogPostForm key={post.data.id} post={post.data} onDone={onDone} />;
}

function PostList({ onEdit }: { onEdit: (id: string) => void }) {
  const posts = useAdminBlogPosts();
  return (
    <section aria-labelledby="blog-admin-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="blog-admin-title" className="font-display text-2xl font-semibold">
            {m.adminTitle}
          </h2>
          <p className="text-ink-soft">{m.adminIntro}</p>
        </div>
        <button type="button" className={buttonClasses()} onClick={() => onEdit('new')}>
          <Plus aria-hidden="true" size={18} />
          {m.adminNew}
        </button>
      </div>
      {posts.isPending ? (
        <LoadingState text={m.adminLoading} />
      ) : posts.isError ? (
        <ErrorState
          title={m.adminLoadError}
          retryLabel={m.retry}
          onRetry={() => void posts.refetch()}
        />
      ) : posts.data.length === 0 ? (
        <p className="py-12 text-center text-ink-soft">{m.adminEmpty}</p>
      ) : (
        <ul className="mt-6 divide-y divide-ink/10 rounded-xl border border-ink/10">
          {posts.data.map((post) => (
            <PostRow key={post.id} post={post} onEdit={() => onEdit(post.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PostRow({ post, onEdit }: { post: BlogAdminPost; onEdit: () => void }) {
  const action = useBlogAdminAction();
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    try {
      await action.mutateAsync({ kind: 'delete', id: post.id });
      toast.success(m.deleted);
    } catch {
      toast.error(m.deleteError);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{post.title}</p>
        <p className="text-sm text-ink-soft">
          <span
            className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${stateStyle[post.state]}`}
          >
            {stateLabel[post.state]}
          </span>
          {post.state === 'scheduled' && post.publishedAt
            ? fill(m.scheduledFor, { date: formatFrenchDate(post.publishedAt) })
            : post.publishedAt
              ? formatFrenchDate(post.publishedAt)
              : null}
        </p>
      </div>
      {post.state === 'published' ? (
        <Link
          to={blogPostPath(post.slug)}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          {m.view}
        </Link>
      ) : null}
      <button
        type="button"
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        onClick={onEdit}
      >
        {m.edit}
      </button>
      {confirming ? (
        <span
          role="alertdialog"
          aria-label={m.delete}
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          {fill(m.deleteConfirm, { title: post.title })}
          <button
            type="button"
            className={buttonClasses({ size: 'sm' })}
            onClick={() => void remove()}
          >
            {m.delete}
          </button>
          <button
            type="button"
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            onClick={() => setConfirming(false)}
          >
            {m.deleteCancel}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          onClick={() => setConfirming(true)}
        >
          {m.delete}
        </button>
      )}
    </li>
  );
}
