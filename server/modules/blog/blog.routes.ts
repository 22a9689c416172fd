import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_READING_EVENT_MIN_SECONDS, parseBlogImageFile } from '../../../domain/blog';
import {
  blogEventRecordedSchema,
  blogEventSchema,
  blogListQuerySchema,
  blogListSchema,
  blogPostSchema,
  blogSlugParamsSchema,
} from '../../../domain/blog.schemas';
import { blogMessages as m } from '../../../domain/messages/blog';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { sendImmutableImage } from '../../plugins/image-upload';
import { sessionOptional } from '../../plugins/openapi';
import type { RateLimitRule, RateLimitsRepository } from '../rate-limits';
import { countedByHandler, enforceRateLimits } from '../rate-limits';
import { findBlogImageFile, getPublishedPost, listPublishedPosts } from './blog.repository';
import { isPublic } from './blog.sql';
import { blogEvents, blogPosts } from './blog.table';
import { blogAdminRoutes } from './blog-admin.routes';

/** A page sends a view, a reading time and maybe a share: 600 an hour per address is plenty. */
export const blogLimits = {
  eventsPerAddress: { limit: 600, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

// Public lists change when a scheduled post's hour comes: never cached past a revalidation.
const NO_STALE = 'public, max-age=0, must-revalidate';

/**
 * The blog (docs/architecture.md#blog, decision 029): the public list and articles, readers'
 * events, the hero images' files, and the back office's routes (blog-admin.routes.ts).
 */
export async function blogRoutes(
  app: FastifyInstance,
  { db, rateLimits }: { db: Db; rateLimits: RateLimitsRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Blog'];

  r.get(
    '/api/blog/posts',
    {
      schema: {
        summary:
          'Une page du blog : 12 articles publiés, du plus récent au plus ancien (une page après la dernière donne la dernière)',
        tags,
        security: sessionOptional,
        querystring: blogListQuerySchema,
        response: { 200: blogListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STALE);
      return listPublishedPosts(db, request.query.page);
    },
  );

  r.get(
    '/api/blog/posts/:slug',
    {
      schema: {
        summary: 'Un article publié, son contenu nettoyé et jusqu’à 3 articles liés',
        tags,
        security: sessionOptional,
        params: blogSlugParamsSchema,
        response: { 200: blogPostSchema },
      },
    },
    async (request, reply) => {
      const post = await getPublishedPost(db, request.params.slug);
      if (!post) throw new AppError('NOT_FOUND', m.notFound);
      reply.header('cache-control', NO_STALE);
      return post;
    },
  );

  r.post(
    '/api/blog/posts/:slug/events',
    {
      config: countedByHandler('only a recorded event counts, per address (blogLimits)'),
      schema: {
        summary:
          'Noter une visite, un temps de lecture (plus de 5 s) ou un partage d’un article, sans tiers',
        tags,
        security: sessionOptional,
        params: blogSlugParamsSchema,
        body: blogEventSchema,
        response: { 200: blogEventRecordedSchema },
      },
    },
    async (request) => {
      const { name, seconds } = request.body;
      // The spec sends a reading time only above 5 s; a shorter one is not a reading.
      if (name === 'reading_time' && (seconds ?? 0) <= BLOG_READING_EVENT_MIN_SECONDS) {
        return { recorded: false };
      }
      await enforceRateLimits(rateLimits, [
        { key: `blog-events:ip:${request.ip}`, rule: blogLimits.eventsPerAddress },
      ]);
      const [post] = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(isPublic, eq(blogPosts.slug, request.params.slug)));
      if (!post) throw new AppError('NOT_FOUND', m.notFound);
      await db.insert(blogEvents).values({
        postId: post.id,
        name,
        seconds: name === 'reading_time' ? (seconds ?? null) : null,
      });
      return { recorded: true };
    },
  );

  // A new image gets a new hash, so a new URL: every file is cached for ever.
  r.get(
    '/blog-images/:file',
    { schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const name = parseBlogImageFile(request.params.file);
      const file = name ? await findBlogImageFile(db, name.hash, name.variant) : null;
      if (!name || !file) throw new AppError('NOT_FOUND', m.imageNotFound);
      return sendImmutableImage(request, reply, {
        etag: `"${name.hash}-${name.variant}"`,
        ...file,
      });
    },
  );

  await app.register(blogAdminRoutes, { db });
}
