import { devicePage, KOSYNC_PATH, segmentToValidate } from '../../../domain/kosync';
import type { CreatedDevice, KosyncDevice, KosyncOverview } from '../../../domain/kosync.schemas';
import { fill } from '../../../domain/messages/fill';
import { kosyncMessages as m } from '../../../domain/messages/kosync';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { addToList } from '../reading';
import { keyHash, koreaderKey, newDevicePassword } from './kosync.keys';
import { writeInvitation } from './kosync.protocol';
import {
  type DeviceRow,
  deleteDevice,
  devicesOf,
  documentsOf,
  insertDevice,
  linkedBook,
  lockedDocument,
  setDocumentBook,
} from './kosync.repository';

// Paramètres' « Liseuse KOReader » (decision 053): the device passwords, and the books the
// devices reported, each linked once to a catalogue book by the reader.

const toDevice = (row: DeviceRow): KosyncDevice => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** What to type in KOReader, the reader's device passwords and their devices' books. */
export async function overview(
  db: Db,
  p: { userId: string; email: string; publicUrl: string },
): Promise<KosyncOverview> {
  const [devices, documents] = await Promise.all([
    devicesOf(db, p.userId),
    documentsOf(db, p.userId),
  ]);
  return {
    server: `${new URL(p.publicUrl).origin}${KOSYNC_PATH}`,
    login: p.email,
    devices: devices.map(toDevice),
    documents: documents.map((d) => ({
      document: d.document,
      title: d.title,
      authors: d.authors,
      device: d.device,
      percentage: Number(d.percentage),
      updatedAt: d.updated_at,
      book:
        d.book_id && d.slug !== null && d.book_title !== null && d.total_pages !== null
          ? {
              id: d.book_id,
              slug: d.slug,
              title: d.book_title,
              author: d.book_author ?? '',
              totalPages: d.total_pages,
            }
          : null,
      page:
        d.book_id && d.total_pages !== null
          ? devicePage(Number(d.percentage), d.total_pages)
          : null,
    })),
  };
}

/**
 * A new device password, shown this once: the reader types it in KOReader with their e-mail
 * as the username. Only the SHA-256 of its MD5 (what KOReader sends) is kept.
 */
export async function createDevice(
  db: Db,
  p: { userId: string; email: string; name: string },
): Promise<CreatedDevice> {
  const password = newDevicePassword();
  const row = await insertDevice(db, {
    userId: p.userId,
    name: p.name,
    login: p.email,
    keyHash: keyHash(koreaderKey(password)),
  });
  if (!row) throw new AppError('CONFLICT', m.tooManyDevices);
  return { device: toDevice(row), password };
}

/** Revokes a device password: its next request is refused (401). */
export async function revokeDevice(db: Db, p: { userId: string; id: string }): Promise<void> {
  if (!(await deleteDevice(db, p))) throw new AppError('NOT_FOUND', m.deviceNotFound);
}

/**
 * Links an unknown document to a published book, once: the book joins the reader's list (or
 * comes back to it), and if the device is already at the end of the next segment the reader
 * is invited to validate it, as a push would.
 */
export async function linkDocument(
  db: Db,
  p: { userId: string; document: string; bookId: string },
): Promise<{ title: string }> {
  return db.transaction(async (tx) => {
    const doc = await lockedDocument(tx, p);
    if (!doc) throw new AppError('NOT_FOUND', m.documentNotFound);
    if (doc.book_id) throw new AppError('CONFLICT', m.alreadyLinked);
    const book = await linkedBook(tx, { userId: p.userId, bookId: p.bookId });
    if (!book) throw new AppError('NOT_FOUND', m.bookNotFound);
    await setDocumentBook(tx, p);
    await addToList(tx, { userId: p.userId, bookId: p.bookId });
    const page = devicePage(Number(doc.percentage), book.total_pages);
    const segment = segmentToValidate({
      validated: book.validated ?? 0,
      expectedSegments: book.expected_segments,
      totalPages: book.total_pages,
      page,
    });
    if (segment !== null) {
      await writeInvitation(tx, { ...p, segment, page, device: doc.device });
    }
    return { title: book.title };
  });
}

/** Unlinks a document the reader linked to the wrong book: it is unknown again. */
export async function unlinkDocument(
  db: Db,
  p: { userId: string; document: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const doc = await lockedDocument(tx, p);
    if (!doc) throw new AppError('NOT_FOUND', m.documentNotFound);
    if (!doc.book_id) throw new AppError('CONFLICT', m.notLinked);
    await setDocumentBook(tx, { ...p, bookId: null });
  });
}

/** The French confirmation of a link. */
export const linkedMessage = (title: string) => fill(m.linked, { title });
