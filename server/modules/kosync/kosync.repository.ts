import { type SQLWrapper, sql } from 'drizzle-orm';
import { DEVICES_PER_READER, DOCUMENTS_PER_READER, KOSYNC_RATES } from '../../../domain/kosync';
import type { Db } from '../../db/client';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { booksSql } from '../books';
import { rateLimitsSql } from '../rate-limits';
import { readingSql } from '../reading';

// The kosync module's statements (decision 053). The protocol's two hot paths (a device's
// push and pull) take two named statements each: who is asking, with both rate limits counted
// in the same round trip, then the document itself.

const seconds = (ms: number) => ms / 1000;

export type DeviceAuth = {
  ip_count: number;
  ip_retry: number;
  device_id: string | null;
  user_id: string | null;
  device_count: number | null;
  device_retry: number | null;
};

// The address's hit is always counted; the device is looked up (by the hash of its key and
// the username typed beside it) only while the address is under its limit, and then its own
// hit counted and its last use noted (at most once a minute: a write per push would be one
// per request). CTEs `ip`, `dev`, `seen` and `hit`, for a statement's `with`.
const authentication = (p: {
  ip: SQLWrapper;
  keyHash: SQLWrapper;
  login: SQLWrapper;
}) => sql`ip as (${rateLimitsSql.hit({
  key: sql`'kosync-ip:' || ${p.ip}::text`,
  seconds: sql.raw(String(seconds(KOSYNC_RATES.perAddress.windowMs))),
  when: sql`true`,
})}),
   dev as (
     select d.id, d.user_id from kosync_devices d
     where d.key_hash = ${p.keyHash}::text and d.login = ${p.login}::citext
       and (select count from ip) <= ${sql.raw(String(KOSYNC_RATES.perAddress.limit))}),
   seen as (
     update kosync_devices set last_used_at = now()
     where id = (select id from dev)
       and (last_used_at is null or last_used_at < now() - interval '1 minute')),
   hit as (${rateLimitsSql.hit({
     key: sql`'kosync-device:' || (select id from dev)::text`,
     seconds: sql.raw(String(seconds(KOSYNC_RATES.perDevice.windowMs))),
     when: sql`exists (select 1 from dev)`,
   })})`;

const authenticationColumns = sql`(select count from ip) as ip_count,
     (select retry_ms from ip) as ip_retry,
     (select id from dev) as device_id, (select user_id from dev) as user_id,
     (select count from hit) as device_count, (select retry_ms from hit) as device_retry`;

// A counter lost in a crash costs nothing: no wait for the disk.
const authenticateStatement = preparedStatement<
  { ip: string; keyHash: string; login: string },
  DeviceAuth
>(
  'kosync_authenticate',
  (p) => sql`with ${authentication(p)}
   select ${authenticationColumns},
     set_config('synchronous_commit', 'off', true) as commit_mode`,
);

/** Counts the request against its address, finds its device, counts it against the device. */
export async function authenticate(
  db: Executor,
  p: { ip: string; keyHash: string; login: string },
): Promise<DeviceAuth> {
  const [row] = await authenticateStatement(db, p);
  if (!row) throw new Error('kosync_authenticate returned no row');
  return row;
}

/** A push's fields, as the protocol gives them (metadata cut to size, null when absent). */
export type PushFields = {
  userId: string;
  document: string;
  percentage: number;
  progress: string;
  device: string;
  deviceId: string | null;
  writtenBy: string;
  title: string | null;
  authors: string | null;
  filename: string | null;
};

/** What a push wrote, with what the invitation to validate needs when the document is linked. */
export type Pushed = {
  book_id: string | null;
  invited_segment: number | null;
  timestamp: number;
  total_pages: number | null;
  expected_segments: number | null;
  validated: number | null;
};

// A push in one round trip: who is asking (as authenticate), then, when the device is found
// and under both limits, its position written over the document's (last write wins, as in the
// reference server; metadata a push omits is kept: a reader may have two devices, one sending
// it and one not), with the linked book's pages and the reader's validated count. A document
// not stored yet is not written here (`updated` false): the caller inserts it.
// Its commit does not wait for the disk (decision 053): a crash may lose the last fraction of
// a second of positions, which the devices send again at their next push.
const pushStatement = preparedStatement<
  Omit<PushFields, 'userId' | 'writtenBy'> & { ip: string; keyHash: string; login: string },
  DeviceAuth & Omit<Pushed, 'timestamp'> & { timestamp: number | null; updated: boolean }
>(
  'kosync_push',
  (p) => sql`with ${authentication(p)},
   ok as (
     select id, user_id from dev
     where (select count from hit) <= ${sql.raw(String(KOSYNC_RATES.perDevice.limit))}),
   u as (
     update kosync_documents d set percentage = ${p.percentage}::float8, progress = ${p.progress}::text,
       device = ${p.device}::text, device_id = ${p.deviceId}::text, written_by = ok.id,
       title = coalesce(${p.title}::text, d.title), authors = coalesce(${p.authors}::text, d.authors),
       filename = coalesce(${p.filename}::text, d.filename), updated_at = now()
     from ok where d.user_id = ok.user_id and d.document = ${p.document}::text
     returning d.user_id, d.book_id, d.invited_segment, d.updated_at)
   select ${authenticationColumns}, u.user_id is not null as updated, u.book_id, u.invited_segment,
     floor(extract(epoch from u.updated_at))::float8 as timestamp,
     b.total_pages, b.expected_segments,
     ${readingSql.progress({ userId: sql`u.user_id`, bookId: sql`u.book_id` })} as validated,
     set_config('synchronous_commit', 'off', true) as commit_mode
   from (select 1) one left join u on true
     left join ${booksSql.join({ alias: 'b', id: sql`u.book_id` })}`,
);

/** A push's authentication and, when it passes, its write over a stored document. */
export async function pushPosition(
  db: Executor,
  p: Omit<PushFields, 'userId' | 'writtenBy'> & { ip: string; keyHash: string; login: string },
) {
  const [row] = await pushStatement(db, p);
  if (!row) throw new Error('kosync_push returned no row');
  return row;
}

// The same write for a device already known (a first push's insert lost a race to another).
const pushUpdateStatement = preparedStatement<PushFields, Pushed>(
  'kosync_push_update',
  (p) => sql`with u as (
     update kosync_documents set percentage = ${p.percentage}::float8, progress = ${p.progress}::text,
       device = ${p.device}::text, device_id = ${p.deviceId}::text, written_by = ${p.writtenBy}::uuid,
       title = coalesce(${p.title}::text, title), authors = coalesce(${p.authors}::text, authors),
       filename = coalesce(${p.filename}::text, filename), updated_at = now()
     where user_id = ${p.userId}::uuid and document = ${p.document}::text
     returning book_id, invited_segment, updated_at)
   select u.book_id, u.invited_segment, floor(extract(epoch from u.updated_at))::float8 as timestamp,
     b.total_pages, b.expected_segments,
     ${readingSql.progress({ userId: p.userId, bookId: sql`u.book_id` })} as validated
   from u left join ${booksSql.join({ alias: 'b', id: sql`u.book_id` })}`,
);

// A document seen for the first time: unknown until the reader links it. At most
// DOCUMENTS_PER_READER per reader (counted on the reader's locked row, so two first pushes at
// once cannot both pass the last place); a race with another first push of the same
// document inserts nothing, and the update is tried again.
const pushInsertStatement = preparedStatement<PushFields, { timestamp: number }>(
  'kosync_push_insert',
  (p) => sql`insert into kosync_documents (user_id, document, percentage, progress, device,
       device_id, written_by, title, authors, filename)
     select ${p.userId}::uuid, ${p.document}::text, ${p.percentage}::float8, ${p.progress}::text,
       ${p.device}::text, ${p.deviceId}::text, ${p.writtenBy}::uuid, ${p.title}::text,
       ${p.authors}::text, ${p.filename}::text
     from ${readersSql.locked(p.userId)} reader
     where reader.id is not null and (select count(*) from kosync_documents
       where user_id = ${p.userId}::uuid) < ${sql.raw(String(DOCUMENTS_PER_READER))}
     on conflict (user_id, document) do nothing
     returning floor(extract(epoch from updated_at))::float8 as timestamp`,
);

export async function updatePosition(db: Executor, fields: PushFields): Promise<Pushed | null> {
  const [row] = await pushUpdateStatement(db, fields);
  return row ?? null;
}

export async function insertPosition(
  db: Executor,
  fields: PushFields,
): Promise<{ timestamp: number } | null> {
  const [row] = await pushInsertStatement(db, fields);
  return row ?? null;
}

export type StoredPosition = {
  percentage: number;
  progress: string;
  device: string;
  device_id: string | null;
  timestamp: number;
};

const pullStatement = preparedStatement<{ userId: string; document: string }, StoredPosition>(
  'kosync_pull',
  (p) => sql`select percentage, progress, device, device_id,
     floor(extract(epoch from updated_at))::float8 as timestamp
   from kosync_documents where user_id = ${p.userId}::uuid and document = ${p.document}::text`,
);

export async function storedPosition(
  db: Executor,
  p: { userId: string; document: string },
): Promise<StoredPosition | null> {
  const [row] = await pullStatement(db, p);
  return row ?? null;
}

/** Notes the segment the reader was invited to validate from this document. */
export async function setInvitedSegment(
  db: Pick<Db, 'execute'>,
  p: { userId: string; document: string; segment: number },
): Promise<void> {
  await db.execute(sql`update kosync_documents set invited_segment = ${p.segment}
    where user_id = ${p.userId}::uuid and document = ${p.document}`);
}

const deviceReadingStatement = preparedStatement<
  { userId: string; bookId: string },
  { percentage: number; device: string; at: string }
>(
  'kosync_device_reading',
  (p) => sql`select percentage, device,
     to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
   from kosync_documents where user_id = ${p.userId}::uuid and book_id = ${p.bookId}::uuid
   order by updated_at desc limit 1`,
);

/** The latest position of the reader's devices on a book (any document linked to it). */
export async function latestOnBook(
  db: Executor,
  p: { userId: string; bookId: string },
): Promise<{ percentage: number; device: string; at: string } | null> {
  const [row] = await deviceReadingStatement(db, p);
  return row ?? null;
}

// ——— Paramètres: device passwords ———

export type DeviceRow = {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

const apiTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export async function devicesOf(db: Pick<Db, 'execute'>, userId: string): Promise<DeviceRow[]> {
  const { rows } = await db.execute<DeviceRow>(sql`select id, name,
      ${apiTime('created_at')} as created_at, ${apiTime('last_used_at')} as last_used_at
    from kosync_devices where user_id = ${userId}::uuid order by created_at, id`);
  return rows;
}

/**
 * A new device password's row, or null when the reader already has DEVICES_PER_READER
 * (counted on their locked row: two creations at once queue).
 */
export async function insertDevice(
  db: Pick<Db, 'execute'>,
  p: { userId: string; name: string; login: string; keyHash: string },
): Promise<DeviceRow | null> {
  const { rows } = await db.execute<DeviceRow>(sql`insert into kosync_devices
      (user_id, name, login, key_hash)
    select ${p.userId}::uuid, ${p.name}, ${p.login}, ${p.keyHash}
    from ${readersSql.locked(sql`${p.userId}::uuid`)} reader
    where reader.id is not null and (select count(*) from kosync_devices
      where user_id = ${p.userId}::uuid) < ${DEVICES_PER_READER}
    returning id, name, ${apiTime('created_at')} as created_at, null::text as last_used_at`);
  return rows[0] ?? null;
}

/** Revokes one of the reader's device passwords; false when it is not theirs (or gone). */
export async function deleteDevice(
  db: Pick<Db, 'execute'>,
  p: { userId: string; id: string },
): Promise<boolean> {
  const { rows } = await db.execute(sql`delete from kosync_devices
    where id = ${p.id}::uuid and user_id = ${p.userId}::uuid returning id`);
  return rows.length > 0;
}

// ——— Paramètres: the documents devices reported ———

export type DocumentRow = {
  document: string;
  title: string | null;
  authors: string | null;
  device: string;
  percentage: number;
  updated_at: string;
  book_id: string | null;
  slug: string | null;
  book_title: string | null;
  book_author: string | null;
  total_pages: number | null;
};

/** The reader's documents: unknown ones first, then the most recently read. */
export async function documentsOf(db: Pick<Db, 'execute'>, userId: string): Promise<DocumentRow[]> {
  const { rows } = await db.execute<DocumentRow>(sql`select d.document, d.title, d.authors,
      d.device, d.percentage, ${apiTime('d.updated_at')} as updated_at, d.book_id, b.slug,
      b.title as book_title, b.author as book_author, b.total_pages
    from kosync_documents d left join ${booksSql.join({ alias: 'b', id: sql`d.book_id` })}
    where d.user_id = ${userId}::uuid
    order by d.book_id is not null, d.updated_at desc, d.document
    limit 200`);
  return rows;
}

export type DocumentState = {
  book_id: string | null;
  percentage: number;
  device: string;
};

/** One of the reader's documents (locked until the transaction ends), or null. */
export async function lockedDocument(
  db: Pick<Db, 'execute'>,
  p: { userId: string; document: string },
): Promise<DocumentState | null> {
  const { rows } = await db.execute<DocumentState>(sql`select book_id, percentage, device
    from kosync_documents where user_id = ${p.userId}::uuid and document = ${p.document}
    for update`);
  return rows[0] ?? null;
}

/** Links (or unlinks, with null) a document to a book; the invitation starts afresh. */
export async function setDocumentBook(
  db: Pick<Db, 'execute'>,
  p: { userId: string; document: string; bookId: string | null },
): Promise<void> {
  await db.execute(sql`update kosync_documents set book_id = ${p.bookId}::uuid,
      invited_segment = null
    where user_id = ${p.userId}::uuid and document = ${p.document}`);
}

export type LinkedBook = {
  title: string;
  total_pages: number;
  expected_segments: number;
  validated: number | null;
};

/** A published book's pages and the reader's validated count on it, or null. */
export async function linkedBook(
  db: Pick<Db, 'execute'>,
  p: { userId: string; bookId: string },
): Promise<LinkedBook | null> {
  const { rows } =
    await db.execute<LinkedBook>(sql`select b.title, b.total_pages, b.expected_segments,
      ${readingSql.progress({ userId: sql`${p.userId}::uuid`, bookId: sql`b.id` })} as validated
    from (${booksSql.publishedId(sql`${p.bookId}::uuid`)}) published
    join ${booksSql.join({ alias: 'b', id: sql`published.id` })}`);
  return rows[0] ?? null;
}
