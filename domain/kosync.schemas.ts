import { z } from 'zod';
import { DEVICE_NAME_MAX, KOSYNC_DOCUMENT } from './kosync';
import { kosyncMessages as m } from './messages/kosync';

// The Lisons API of KOReader's progress sync (decision 053): the reader's device passwords
// and the books their devices report, in Paramètres; the page a device reached, on the book
// page. The protocol KOReader speaks (/kosync) has its own shapes (domain/kosync.ts).

/** One device password, as Paramètres lists it (never the password or its hash). */
export const kosyncDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type KosyncDevice = z.infer<typeof kosyncDeviceSchema>;

/** POST /api/kosync/devices: a name for the new device password. */
export const createDeviceSchema = z.strictObject({
  name: z
    .string({ error: m.deviceNameRequired })
    .trim()
    .min(1, m.deviceNameRequired)
    .max(DEVICE_NAME_MAX, m.deviceNameTooLong),
});
export type CreateDeviceBody = z.infer<typeof createDeviceSchema>;

/** The new device password, shown once: only its hash is kept. */
export const createdDeviceSchema = z.object({
  device: kosyncDeviceSchema,
  password: z.string().describe('Affiché une seule fois\u00a0: seul son condensé est gardé.'),
});
export type CreatedDevice = z.infer<typeof createdDeviceSchema>;

export const deviceParamsSchema = z.object({ id: z.uuid({ error: m.deviceNotFound }) });

export const documentParamsSchema = z.object({
  document: z.string().regex(KOSYNC_DOCUMENT, m.documentInvalid),
});

/** PUT /api/kosync/documents/:document/book: which catalogue book the device is reading. */
export const linkDocumentSchema = z.strictObject({
  bookId: z.uuid({ error: m.bookIdInvalid }),
});

/** A book a device reported: unknown (book null) until the reader says which it is. */
export const kosyncDocumentSchema = z.object({
  document: z.string(),
  /** What KOReader sent with `metadata` on (off by default in KOReader): help to find it. */
  title: z.string().nullable(),
  authors: z.string().nullable(),
  device: z.string(),
  percentage: z.number(),
  updatedAt: z.string(),
  book: z
    .object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      author: z.string(),
      totalPages: z.number(),
    })
    .nullable(),
  /** The page reached in Lisons' pages, once linked. */
  page: z.number().nullable(),
});
export type KosyncDocument = z.infer<typeof kosyncDocumentSchema>;

/** GET /api/kosync: what to type in KOReader, the device passwords, the books reported. */
export const kosyncOverviewSchema = z.object({
  /** The « Custom sync server » to type: PUBLIC_URL + /kosync. */
  server: z.string(),
  /** The username to type: the reader's e-mail address. */
  login: z.string(),
  devices: z.array(kosyncDeviceSchema),
  /** Unknown ones first, then the most recently read. */
  documents: z.array(kosyncDocumentSchema),
});
export type KosyncOverview = z.infer<typeof kosyncOverviewSchema>;

/** The book page's line about the device (GET /api/books/:ref, signed in). */
export const deviceReadingSchema = z.object({
  page: z.number().int().min(0),
  totalPages: z.number().int(),
  percentage: z.number(),
  device: z.string(),
  updatedAt: z.string(),
  /** The next segment, when the page reached is at or past its end; null otherwise. */
  segmentToValidate: z.number().int().nullable(),
  /** That segment's last page. */
  segmentEndPage: z.number().int().nullable(),
});
export type DeviceReading = z.infer<typeof deviceReadingSchema>;
