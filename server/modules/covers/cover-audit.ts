import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../domain/accounts.schemas';
import { coverAuditMessages as m } from '../../../domain/messages/covers';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { coverBook, fromBooks, setCoverVersion } from '../books';
import { drawAutoCover } from './auto-cover';
import { createCoverFilesRepository } from './cover-files.repository';

/** One line of the audit's log, as the page shows it. */
export type AuditLine =
  | { type: 'step'; step: keyof typeof m.steps; label: string; ok: boolean; detail?: string }
  | { type: 'done'; ok: boolean; message: string };

class StepFailed extends Error {}
const fail = (message: string): never => {
  throw new StepFailed(message);
};
class Rollback extends Error {}

/** The spec's minimum size of a generated JPEG. */
export const AUDIT_MIN_JPEG_BYTES = 1000;

/**
 * The spec's audit (docs/architecture.md#back-office), on the server: session, admin rights, a
 * cover drawn (a JPEG of 1000 bytes at least), stored, served at its public URL, a book's cover
 * changed then put back, the file removed (and no longer served). Steps run in order; the first
 * failure ends the run with 'Échec: …'. The test file never outlives the run.
 */
export async function* runCoverAudit({
  app,
  db,
  reader,
}: {
  app: FastifyInstance;
  db: Db;
  reader: SessionUser | null;
}): AsyncGenerator<AuditLine> {
  const files = createCoverFilesRepository({ db });
  let stored: { bookId: string; version: string } | null = null;
  let current: keyof typeof m.steps = 'session';
  const step = (name: keyof typeof m.steps, detail?: string): AuditLine => ({
    type: 'step',
    step: name,
    label: m.steps[name],
    ok: true,
    ...(detail && { detail }),
  });
  try {
    current = 'session';
    if (!reader) fail(m.noSession);
    yield step('session');

    current = 'admin';
    if (!reader?.isAdmin) fail(m.notAdmin);
    yield step('admin');

    current = 'draw';
    let jpeg: Buffer;
    try {
      jpeg = (
        await drawAutoCover({
          title: 'Audit Lisons',
          author: 'Administration',
          category: 'litterature',
          tags: [],
        })
      ).jpeg;
    } catch {
      return fail(m.drawUnavailable);
    }
    yield step('draw');

    current = 'size';
    if (jpeg.length < AUDIT_MIN_JPEG_BYTES) fail(fill(m.jpegTooSmall, { bytes: jpeg.length }));
    yield step('size', `${jpeg.length}\u00a0octets`);

    current = 'store';
    const [book] = await fromBooks(db, {
      id: coverBook.id,
      slug: coverBook.slug,
      coverVersion: coverBook.coverVersion,
    })
      .orderBy(asc(coverBook.createdAt), asc(coverBook.id))
      .limit(1);
    if (!book) return fail(m.noBook);
    const version = `audit-${Date.now()}`;
    await files.keepVariant(book.id, version, {
      variant: '512.jpg',
      contentType: 'image/jpeg',
      bytes: jpeg,
    });
    stored = { bookId: book.id, version };
    yield step('store');

    current = 'publicUrl';
    const url = `/covers/${book.slug}/${version}-512.jpg`;
    const served = await app.inject({ method: 'GET', url });
    if (served.statusCode !== 200 || !served.rawPayload.equals(jpeg)) {
      fail(fill(m.publicUrlNotFound, { url }));
    }
    yield step('publicUrl', url);

    current = 'bookUpdate';
    // Changed and read back inside a transaction that is then rolled back: the catalogue
    // never sees the test version, and the previous one is restored by construction.
    let changed = false;
    try {
      await db.transaction(async (tx) => {
        await setCoverVersion(tx, book.id, version);
        const [row] = await fromBooks(tx, { v: coverBook.coverVersion }).where(
          eq(coverBook.id, book.id),
        );
        changed = row?.v === version;
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    const [after] = await fromBooks(db, { v: coverBook.coverVersion }).where(
      eq(coverBook.id, book.id),
    );
    if (!changed || after?.v !== book.coverVersion) fail(m.bookUpdateFailed);
    yield step('bookUpdate');

    current = 'remove';
    await files.removeVariant(book.id, version, '512.jpg');
    stored = null;
    const gone = await app.inject({ method: 'GET', url });
    if (gone.statusCode !== 404) fail(m.removeFailed);
    yield step('remove');

    yield { type: 'done', ok: true, message: m.allOk };
  } catch (error) {
    const message = error instanceof StepFailed ? error.message : m.steps[current];
    yield { type: 'step', step: current, label: m.steps[current], ok: false, detail: message };
    yield { type: 'done', ok: false, message: fill(m.failed, { message }) };
  } finally {
    if (stored) await files.removeVariant(stored.bookId, stored.version, '512.jpg');
  }
}
