import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_IMAGE_MAX_BYTES } from '../../../domain/blog';
import {
  blogAdminListSchema,
  blogAdminPostSchema,
  blogDeletedSchema,
  blogPostIdParamsSchema,
  blogPostInputSchema,
  blogPreviewInputSchema,
  blogPreviewSchema,
  blogScheduleSchema,
  blogUploadedImageSchema,
} from '../../../domain/blog.schemas';
import type { Db } from '../../db/client';
import { requireAdmin, signedIn } from '../../plugins/auth';
import { acceptImageUploads, imageTypes, uploadedBytes } from '../../plugins/image-upload';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import { blogImageOf } from './blog.repository';
import {
  createPost,
  getPost,
  listPosts,
  publishPost,
  removePost,
  saveBlogImage,
  schedulePost,
  unpublishPost,
  updatePost,
} from './blog-admin.service';
import { renderPost } from './blog-html';
import { blogImageMessages, processBlogImage } from './blog-image';

const imageBody = z.unknown().meta({
  type: 'string',
  format: 'binary',
  description: "Les octets de l'image (JPEG, PNG, WebP, AVIF ou GIF), 5 Mo au plus",
});

/** The back office's blog manager: administrators only. */
export async function blogAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const about = (summary: string) => ({
    summary,
    tags: ['Administration'],
    security: sessionRequired,
  });
  const id = { params: blogPostIdParamsSchema };
  const one = { response: { 200: blogAdminPostSchema } };

  r.get(
    '/api/admin/blog/posts',
    {
      preHandler: requireAdmin,
      schema: {
        ...about('Tous les articles du blog, brouillons et programmés compris'),
        response: { 200: blogAdminListSchema },
      },
    },
    async () => ({ items: await listPosts({ db }) }),
  );

  r.post(
    '/api/admin/blog/posts',
    {
      preHandler: requireAdmin,
      config: limited('admin:blog-create', writeLimits.admin),
      schema: {
        ...about('Écrire un article (brouillon, publié ou programmé)'),
        body: blogPostInputSchema,
        response: { 201: blogAdminPostSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createPost({ db, adminId: signedIn(request).id, input: request.body })),
  );

  r.get(
    '/api/admin/blog/posts/:id',
    {
      preHandler: requireAdmin,
      schema: { ...about('Un article, avec sa source Markdown'), ...id, ...one },
    },
    async (request) => getPost({ db, id: request.params.id }),
  );

  r.put(
    '/api/admin/blog/posts/:id',
    {
      preHandler: requireAdmin,
      config: limited('admin:blog-update', writeLimits.admin),
      schema: { ...about('Enregistrer un article'), ...id, body: blogPostInputSchema, ...one },
    },
    async (request) =>
      updatePost({ db, adminId: signedIn(request).id, id: request.params.id, input: request.body }),
  );

  r.delete(
    '/api/admin/blog/posts/:id',
    {
      preHandler: requireAdmin,
      config: limited('admin:blog-delete', writeLimits.admin),
      schema: {
        ...about('Supprimer un article'),
        ...id,
        response: { 200: blogDeletedSchema },
      },
    },
    async (request) => {
      await removePost({ db, adminId: signedIn(request).id, id: request.params.id });
      return { deleted: true as const };
    },
  );

  r.post(
    '/api/admin/blog/posts/:id/publish',
    {
      preHandler: requireAdmin,
      config: limited('admin:blog-publish', writeLimits.admin),
      schema: { ...about('Publier un article maintenant'), ...id, ...one },
    },
    async (request) => publishPost({ db, adminId: signedIn(request).id, id: request.params.id }),
  );

  r.post(
    '/api/admin/blog/posts/:id/schedule',
    {
      preHandler: requireAdmin,
      config: limited('admin:blog-schedule', writeLimits.admin),
      schema: {
        ...about('Programmer la publication d’un article (date à venir)'),
        ...id,
        body: blogScheduleSchema,
        ...one,
      },
    },
    async (request) =>
      schedulePost({
        db,
        adminId: signedIn(request).id,
        id: request.params.id,
        at: new Date(request.body.publishedAt),
      }),
  );

  r.post(
    '/api/admin/blog/posts/:id/unpublish',
    {
      preHandler: requireAdmin,
      config: limited('admin:blog-unpublish', writeLimits.admin),
      schema: { ...about('Repasser un article en brouillon'), ...id, ...one },
    },
    async (request) => unpublishPost({ db, adminId: signedIn(request).id, id: request.params.id }),
  );

  r.post(
    '/api/admin/blog/preview',
    {
      preHandler: requireAdmin,
      config: limited('admin:blog-preview', writeLimits.admin),
      schema: {
        ...about('Aperçu : le HTML nettoyé que donnera ce Markdown'),
        body: blogPreviewInputSchema,
        response: { 200: blogPreviewSchema },
      },
    },
    async (request) => {
      const { content, readingMinutes } = renderPost(request.body.markdown);
      return { html: content, readingMinutes };
    },
  );

  // The image parsers apply to the upload only.
  await app.register(async (uploads) => {
    acceptImageUploads(uploads, { maxBytes: BLOG_IMAGE_MAX_BYTES, messages: blogImageMessages });
    const ru = uploads.withTypeProvider<ZodTypeProvider>();
    ru.put(
      '/api/admin/blog/images',
      {
        preHandler: requireAdmin,
        config: limited('admin:blog-images', writeLimits.admin),
        schema: {
          ...about(
            "Envoyer l'image principale d'un article (recadrée en 16:9, AVIF, WebP et JPEG)",
          ),
          consumes: [...imageTypes, 'application/octet-stream'],
          body: imageBody,
          response: { 201: blogUploadedImageSchema },
        },
      },
      async (request, reply) => {
        const bytes = uploadedBytes(request.body, blogImageMessages);
        const hash = await saveBlogImage({
          db,
          adminId: signedIn(request).id,
          image: await processBlogImage(bytes),
        });
        const image = blogImageOf(hash, '');
        if (!image) throw new Error('image without hash');
        return reply.code(201).send({ hash, image });
      },
    );
  });
}
