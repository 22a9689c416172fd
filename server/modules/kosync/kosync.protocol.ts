import {
  checkPush,
  devicePage,
  documentOf,
  KOSYNC_CODES,
  KOSYNC_LIMITS,
  KOSYNC_RATES,
  type KosyncError,
  type KosyncPosition,
  segmentToValidate,
} from '../../../domain/kosync';
import { fill } from '../../../domain/messages/fill';
import { kosyncProtocolMessages as m } from '../../../domain/messages/kosync';
import type { Db } from '../../db/client';
import type { ReaderPages } from '../../db/reader-cache';
import { type NotifyExecutor, notify } from '../notifications';
import type { RateLimitsRepository } from '../rate-limits';
import { keyHash } from './kosync.keys';
import {
  authenticate,
  type DeviceAuth,
  insertPosition,
  type Pushed,
  type PushFields,
  pushPosition,
  setInvitedSegment,
  storedPosition,
  updatePosition,
} from './kosync.repository';

// KOReader's side of the sync (decision 053): who a request is, a push, a pull. Every
// failure is a KosyncRefusal, which the protocol's routes send in the protocol's shape
// (`{ code, message }`, the reference server's statuses), with a French message.

/** A refusal in the protocol's terms: its status and code come from KOSYNC_CODES. */
export class KosyncRefusal extends Error {
  constructor(
    readonly kind: KosyncError,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return KOSYNC_CODES[this.kind].status;
  }

  get body(): { code: number; message: string } {
    return { code: KOSYNC_CODES[this.kind].code, message: this.message };
  }
}

/** 429 with the wait, in French; KOReader queues the push and tries again later. */
export function rateLimited(retryMs: number): KosyncRefusal {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryMs / 1000));
  return new KosyncRefusal(
    'rateLimited',
    fill(m.rateLimited, { minutes: Math.ceil(retryAfterSeconds / 60) }),
    retryAfterSeconds,
  );
}

export type KosyncDeps = {
  db: Db;
  rateLimits: RateLimitsRepository;
  /** The reader's cached pages: a push on a linked book drops them before it answers. */
  pages: ReaderPages;
};

/** The device a request comes from: its reader and its device password's row. */
export type Device = { userId: string; deviceId: string };

const header = (value: string | string[] | undefined): string =>
  typeof value === 'string' && value.length <= KOSYNC_LIMITS.header ? value : '';

type Request = { ip: string; headers: Record<string, string | string[] | undefined> };

/** x-auth-user (the reader's e-mail) and the hash of x-auth-key (the MD5 of a password). */
function credentials(request: Request) {
  const login = header(request.headers['x-auth-user']).trim();
  const key = header(request.headers['x-auth-key']).trim();
  // Missing credentials still count against the address, and match no device.
  return { ip: request.ip, login, keyHash: key === '' ? '' : keyHash(key) };
}

/**
 * The verdict on who is asking: 429 past the address's or the device's limit, 401 code 2001
 * for wrong or missing credentials (KOReader then stops trying), and past
 * KOSYNC_RATES.failuresPerAddress of those from one address, 429.
 */
async function judge(deps: KosyncDeps, ip: string, found: DeviceAuth): Promise<Device> {
  if (found.ip_count > KOSYNC_RATES.perAddress.limit) throw rateLimited(found.ip_retry);
  if (!found.device_id || !found.user_id) {
    const failures = await deps.rateLimits.hit(
      `kosync-fail:${ip}`,
      KOSYNC_RATES.failuresPerAddress,
    );
    if (!failures.allowed) throw rateLimited(failures.retryAfterMs);
    throw new KosyncRefusal('unauthorized', m.unauthorized);
  }
  if ((found.device_count ?? 0) > KOSYNC_RATES.perDevice.limit) {
    throw rateLimited(found.device_retry ?? 60_000);
  }
  return { userId: found.user_id, deviceId: found.device_id };
}

/**
 * Who is asking, from x-auth-user and x-auth-key; the address is counted on every request,
 * the device on each of its own (see judge).
 */
export async function authenticateDevice(deps: KosyncDeps, request: Request): Promise<Device> {
  return judge(deps, request.ip, await authenticate(deps.db, credentials(request)));
}

/**
 * PUT /syncs/progress: stores the position (last write wins), in one round trip with the
 * device's authentication on the usual push (decision 053). A refused body is answered after
 * the credentials are (a wrong key is 401 whatever it sent). A document seen for the first
 * time is unknown until the reader links it, and they are told once. On a linked book, the
 * reader is invited, once per segment, to validate the next segment when the page reached is
 * at its end; the device validates nothing itself.
 */
export async function push(
  deps: KosyncDeps,
  request: Request,
  body: unknown,
): Promise<{ document: string; timestamp: number }> {
  const checked = checkPush(body);
  if ('refused' in checked) {
    await authenticateDevice(deps, request);
    throw new KosyncRefusal(checked.refused.error, m[checked.refused.message]);
  }
  const { db } = deps;
  const sent = (body as { document: string }).document;
  const written = await pushPosition(db, { ...checked.ok, ...credentials(request) });
  const device = await judge(deps, request.ip, written);
  const fields: PushFields = { ...checked.ok, userId: device.userId, writtenBy: device.deviceId };
  let pushed: Pushed | null = written.updated
    ? { ...written, timestamp: Number(written.timestamp) }
    : null;
  if (!pushed) {
    const inserted = await db.transaction(async (tx) => {
      const row = await insertPosition(tx, fields);
      if (row) {
        await notify(tx, [
          {
            recipientId: device.userId,
            type: 'device_unknown_book',
            meta: { document: fields.document, device: fields.device, title: fields.title },
            dedupeKey: `device-book:${fields.document}`,
          },
        ]);
      }
      return row;
    });
    if (inserted) return { document: sent, timestamp: Number(inserted.timestamp) };
    // Another first push of this document won the insert; or the reader is at the cap.
    pushed = await updatePosition(db, fields);
    if (!pushed) throw new KosyncRefusal('invalidRequest', m.tooManyDocuments);
  }
  if (pushed.book_id) {
    await invite(db, { userId: device.userId, document: fields.document, pushed, fields });
    // This process answers the device; the trigger tells the others (decision 049).
    deps.pages.forget(device.userId);
  }
  return { document: sent, timestamp: Number(pushed.timestamp) };
}

/** The next segment's invitation, once per segment and document, when the page reached it. */
async function invite(
  db: Db,
  p: { userId: string; document: string; pushed: Pushed; fields: PushFields },
): Promise<void> {
  const { pushed } = p;
  if (pushed.validated === null || pushed.total_pages === null || !pushed.book_id) return;
  const page = devicePage(p.fields.percentage, pushed.total_pages);
  const segment = segmentToValidate({
    validated: pushed.validated,
    expectedSegments: pushed.expected_segments ?? 1,
    totalPages: pushed.total_pages,
    page,
  });
  if (segment === null || segment === pushed.invited_segment) return;
  const bookId = pushed.book_id;
  await db.transaction((tx) =>
    writeInvitation(tx, {
      userId: p.userId,
      document: p.document,
      bookId,
      segment,
      page,
      device: p.fields.device,
    }),
  );
}

/** Tells the reader to validate `segment` (once per book and segment), and notes it. */
export async function writeInvitation(
  tx: NotifyExecutor & Pick<Db, 'execute'>,
  p: {
    userId: string;
    document: string;
    bookId: string;
    segment: number;
    page: number;
    device: string;
  },
): Promise<void> {
  await notify(tx, [
    {
      recipientId: p.userId,
      type: 'device_segment_ready',
      bookId: p.bookId,
      meta: { segment: p.segment, page: p.page, device: p.device },
      dedupeKey: `device-segment:${p.bookId}:${p.segment}`,
    },
  ]);
  await setInvitedSegment(tx, { userId: p.userId, document: p.document, segment: p.segment });
}

/**
 * GET /syncs/progress/:document: the last position pushed, or `{}` for a document never
 * pushed (KOReader reads "no progress" from the missing percentage, never from a 404).
 */
export async function pull(
  deps: KosyncDeps,
  device: Device,
  requested: string,
): Promise<KosyncPosition | Record<string, never>> {
  const document = documentOf(requested);
  if (!document) throw new KosyncRefusal('documentMissing', m.documentInvalid);
  const row = await storedPosition(deps.db, { userId: device.userId, document });
  if (!row) return {};
  return {
    document: requested,
    percentage: Number(row.percentage),
    progress: row.progress,
    device: row.device,
    ...(row.device_id === null ? {} : { device_id: row.device_id }),
    timestamp: Number(row.timestamp),
  };
}
