import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellManifestFile } from '../../../domain/shell-manifest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { fixtureClientDir } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createTestDatabase } from '../../test/database';
import { createAdmin, createReader, type Reader } from '../../test/factories';
import { createAuditRepository } from '../audit/audit.repository';
import { blogEvents, blogPosts } from './blog.table';

// The app with a client folder holding only the shell (and the shell manifest the build
// writes beside it): the blog's pages answer with it.
async function buildBlogApp() {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-blog-client-'));
  for (const file of ['index.html', shellManifestFile]) {
    fs.cpSync(path.join(fixtureClientDir, file), path.join(clientDir, file));
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: clientDir,
    ADMIN_EMAILS: 'redaction@lisons.app',
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, clientDir });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

let t: Awaited<ReturnType<typeof buildBlogApp>>;
let admin: Reader;
let reader: Reader;
beforeAll(async () => {
  t = await buildBlogApp();
  await t.app.ready();
  admin = await createAdmin(t, { email: 'redaction@lisons.app' });
  reader = await createReader(t.app);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

let n = 0;
async function createPost(fields: Record<string, unknown> = {}) {
  n += 1;
  const res = await callAs(t.app, admin).post('/api/admin/blog/posts', {
    title: `Article numéro ${n}`,
    markdown: `Un texte de lecture **numéro ${n}**.`,
    published: true,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the admin blog manager', () => {
  it('creates a post with a slug taken from the title, accents removed, and records it', async () => {
    const post = await createPost({ title: 'Été : lire à l’ombre ?', published: false });
    expect(post).toMatchObject({ slug: 'ete-lire-a-l-ombre', state: 'draft', published: false });
    const audit = (
      await createAuditRepository({ db: t.database.db }).page({ entityId: post.id, page: 1 })
    ).items;
    expect(audit.map((a) => a.action)).toEqual(['blog_post.create']);
    expect(audit[0]?.admin?.id).toBe(admin.id);
  });

  it('refuses a post without title or content with the spec’s message, and changes nothing', async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(blogPosts);
    for (const body of [
      { title: '', markdown: 'x' },
      { title: 'x', markdown: '   ' },
      { markdown: 'x' },
    ]) {
      const res = await callAs(t.app, admin).post('/api/admin/blog/posts', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Veuillez remplir tous les champs obligatoires');
    }
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(blogPosts);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses a slug already used, and a schedule in the past', async () => {
    const first = await createPost();
    const dup = await callAs(t.app, admin).post('/api/admin/blog/posts', {
      title: 'Autre',
      slug: first.slug,
      markdown: 'x',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toContain('Un autre article utilise déjà cette adresse');
    const past = await callAs(t.app, admin).post(`/api/admin/blog/posts/${first.id}/schedule`, {
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(
      'La date de publication programmée ne peut pas être dans le passé.',
    );
  });

  it('lists the posts by their date, newest first, whatever was edited last', async () => {
    // Written straight to the table: the file's API writes already near the admin limit.
    const row = (slug: string, at: string | null, updatedAt: string) => ({
      slug,
      title: slug,
      markdown: 'x',
      content: '<p>x</p>',
      published: at !== null,
      publishedAt: at ? new Date(at) : null,
      createdAt: new Date(at ?? Date.now()),
      updatedAt: new Date(updatedAt),
    });
    const inserted = await t.database.db
      .insert(blogPosts)
      .values([
        // The oldest was edited last: it stays where its date puts it.
        row('ordre-ancien', '2026-01-03T09:00:00Z', '2026-11-20T09:00:00Z'),
        row('ordre-recent', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z'),
        row('ordre-milieu', '2026-02-01T09:00:00Z', '2026-02-01T09:00:00Z'),
        // A draft has no publication date yet: its creation (now) places it.
        row('ordre-brouillon', null, '2026-01-01T09:00:00Z'),
      ])
      .returning({ slug: blogPosts.slug });
    const ours = new Set(inserted.map((p) => p.slug));

    const list = await callAs(t.app, admin).get('/api/admin/blog/posts');
    const order = list
      .json()
      .items.map((p: { slug: string }) => p.slug)
      .filter((slug: string) => ours.has(slug));
    expect(order).toEqual(['ordre-brouillon', 'ordre-recent', 'ordre-milieu', 'ordre-ancien']);
  });

  it('is for administrators only: 401 signed out, 403 for a reader', async () => {
    expect((await get('/api/admin/blog/posts')).statusCode).toBe(401);
    const res = await callAs(t.app, reader).post('/api/admin/blog/posts', {
      title: 'x',
      markdown: 'y',
    });
    expect(res.statusCode).toBe(403);
    const list = await callAs(t.app, admin).get('/api/admin/blog/posts');
    expect(list.statusCode).toBe(200);
  });
});

describe('what visitors see', () => {
  it('shows published posts only; a scheduled one appears by itself once its time has come', async () => {
    const draft = await createPost({ published: false });
    const scheduled = await createPost({
      publishedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.state).toBe('scheduled');
    const live = await createPost();

    const slugs = async () =>
      (await get('/api/blog/posts')).json().items.map((p: { slug: string }) => p.slug);
    expect(await slugs()).toContain(live.slug);
    expect(await slugs()).not.toContain(draft.slug);
    expect(await slugs()).not.toContain(scheduled.slug);
    expect((await get(`/api/blog/posts/${scheduled.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/blog/posts/${draft.slug}`)).json().error.message).toBe(
      'Article non trouvé',
    );
    const admins = (await callAs(t.app, admin).get('/api/admin/blog/posts')).json().items;
    expect(admins.find((p: { id: string }) => p.id === scheduled.id).state).toBe('scheduled');

    // Its hour comes (the clock moves, not the code): public, with no restart or cache to clear.
    await t.database.db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.id, scheduled.id));
    expect(await slugs()).toContain(scheduled.slug);
    expect((await get(`/api/blog/posts/${scheduled.slug}`)).statusCode).toBe(200);
  });

  it('pages 12 posts newest first; a page past the last gives the last', async () => {
    await t.database.db.delete(blogPosts);
    const base = Date.now() - 10 * 86_400_000;
    for (let i = 0; i < 14; i += 1) {
      await createPost({ publishedAt: null });
      await t.database.db.execute(
        sql`update blog_posts set published_at = ${new Date(base + i * 60_000).toISOString()}::timestamptz where slug = ${`article-numero-${n}`}`,
      );
    }
    const first = (await get('/api/blog/posts')).json();
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 14 });
    expect(first.items).toHaveLength(12);
    const dates = first.items.map((p: { publishedAt: string }) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const past = (await get('/api/blog/posts?page=9')).json();
    expect(past).toMatchObject({ page: 2 });
    expect(past.items).toHaveLength(2);
    expect((await get('/api/blog/posts?page=abc')).statusCode).toBe(400);

    // The pages' statuses: 404 for an unknown article, redirects for page 1 and past the last.
    expect((await get('/blog/page/9')).headers.location).toBe('/blog/page/2');
    expect((await get('/blog/page/2')).statusCode).toBe(200);
    expect((await get('/blog/page/1')).headers.location).toBe('/blog');
    expect((await get('/blog/page/0')).statusCode).toBe(404);
    expect((await get('/blog/inconnu')).statusCode).toBe(404);
    expect((await get(`/blog/${first.items[0].slug}`)).statusCode).toBe(200);
    expect((await get('/blog')).statusCode).toBe(200);
  });

  it('gives up to 3 related posts, those sharing the most tags first', async () => {
    const main = await createPost({ tags: ['a', 'b', 'c'] });
    const two = await createPost({ tags: ['a', 'b'] });
    const one = await createPost({ tags: ['c'] });
    await createPost({ tags: ['z'] });
    const hidden = await createPost({ tags: ['a', 'b', 'c'], published: false });
    const res = await get(`/api/blog/posts/${main.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const related = res.json().related;
    const slugs = related.map((p: { slug: string }) => p.slug);
    expect(slugs[0]).toBe(two.slug);
    expect(slugs).toContain(one.slug);
    expect(slugs).not.toContain(hidden.slug);
    expect(slugs).not.toContain(main.slug);
    expect(slugs.length).toBeLessThanOrEqual(3);
  });

  it('signs a post without author with the product’s name and counts its reading time', async () => {
    const words = Array.from({ length: 600 }, () => 'lecture').join(' ');
    const post = await createPost({ markdown: words });
    const shown = (await get(`/api/blog/posts/${post.slug}`)).json();
    expect(shown.author).toBe('Lisons');
    expect(shown.readingMinutes).toBe(3);
  });
});

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: links, and protects external links', async () => {
    const post = await createPost({
      markdown: [
        'Bonjour <script>alert(1)</script>',
        '<img src="https://exemple.fr/a.png" onerror="alert(2)" data-x="1" style="color:red">',
        '[piège](javascript:alert(3)) [ailleurs](https://exemple.fr) [ici](/blog)',
        '<iframe src="https://exemple.fr"></iframe><p onclick="x()" class="note">note</p>',
      ].join('\n\n'),
    });
    const html: string = (await get(`/api/blog/posts/${post.slug}`)).json().content;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|data-x|style=|iframe/i);
    expect(html).toContain(
      '<a href="https://exemple.fr" target="_blank" rel="noopener noreferrer">ailleurs</a>',
    );
    expect(html).toContain('<a href="/blog">ici</a>');
    expect(html).toContain('<p class="note">note</p>');
  });

  it('sanitises again at render what reached the table another way', async () => {
    const post = await createPost();
    await t.database.db
      .update(blogPosts)
      .set({ content: '<p>ok</p><script>alert(1)</script><a href="javascript:x()">x</a>' })
      .where(eq(blogPosts.id, post.id));
    const html: string = (await get(`/api/blog/posts/${post.slug}`)).json().content;
    expect(html).toBe('<p>ok</p><a>x</a>');
  });
});

describe('hero images', () => {
  const upload = (payload: Buffer, type = 'image/png', who: Reader = admin) =>
    callAs(t.app, who).put('/api/admin/blog/images', payload, {
      headers: { 'content-type': type },
    });

  it('turns an image into AVIF, WebP and JPEG at three widths, served for ever', async () => {
    const png = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#a23b26' },
    })
      .png()
      .toBuffer();
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(201);
    const { hash, image } = res.json();
    expect(image.avif).toContain(`/blog-images/${hash}-480.avif 480w`);
    const file = await get(`/blog-images/${hash}-1200.jpeg`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 675]);

    const post = await createPost({ imageHash: hash, imageAlt: 'Une brique rouge' });
    const shown = (await get(`/api/blog/posts/${post.slug}`)).json();
    expect(shown.image).toMatchObject({
      alt: 'Une brique rouge',
      src: `/blog-images/${hash}-800.jpeg`,
    });
    // Deleting the post removes its image's files (no other post shows them).
    expect((await callAs(t.app, admin).delete(`/api/admin/blog/posts/${post.id}`)).statusCode).toBe(
      200,
    );
    expect((await get(`/blog-images/${hash}-1200.jpeg`)).statusCode).toBe(404);
  });

  it('refuses what is not an image, and an image over 5 MB, with the spec’s words', async () => {
    const text = await upload(Buffer.from('bonjour'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe('Veuillez sélectionner un fichier image');
    const fake = await upload(Buffer.from('pas une image'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe('Veuillez sélectionner un fichier image');
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe("L'image doit faire moins de 5MB");
    const byReader = await upload(Buffer.from('x'), 'image/png', reader);
    expect(byReader.statusCode).toBe(403);
  });
});

describe('reader events', () => {
  it('records page_view, reading_time above 5 s and share, without a third party', async () => {
    const post = await createPost();
    const url = `/api/blog/posts/${post.slug}/events`;
    expect((await callAs(t.app, null).post(url, { name: 'page_view' })).json()).toEqual({
      recorded: true,
    });
    expect(
      (await callAs(t.app, null).post(url, { name: 'reading_time', seconds: 4 })).json(),
    ).toEqual({
      recorded: false,
    });
    expect(
      (await callAs(t.app, null).post(url, { name: 'reading_time', seconds: 42 })).json(),
    ).toEqual({
      recorded: true,
    });
    expect((await callAs(t.app, null).post(url, { name: 'share' })).statusCode).toBe(200);
    expect((await callAs(t.app, null).post(url, { name: 'like' })).statusCode).toBe(400);
    const rows = await t.database.db
      .select({ name: blogEvents.name, seconds: blogEvents.seconds })
      .from(blogEvents)
      .where(eq(blogEvents.postId, post.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'page_view', seconds: null },
        { name: 'reading_time', seconds: 42 },
        { name: 'share', seconds: null },
      ]),
    );
    expect(rows).toHaveLength(3);
  });
});
