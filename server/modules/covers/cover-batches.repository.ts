import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  AUTO_COVER_FAILURES,
  COVER_BATCH_STALE_MS,
  type CoverGroupFilter,
  coverGroupOf,
  coverGroupTags,
} from '../../../domain/covers';
import type { CoverBatchView } from '../../../domain/covers.schemas';
import type { Db } from '../../db/client';
import { coverBook, fromBooks } from '../books';
import { COVER_GENERATOR } from './cover-image';
import { bookCovers, coverBatches } from './covers.table';

type Failure = { bookId: string; title: string; message: string };
type BatchRow = typeof coverBatches.$inferSelect;
type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

/** The books of a group (spec: classification by tags, see domain/covers.ts). */
function groupCondition(group: CoverGroupFilter): SQL | undefined {
  if (group === 'all') return undefined;
  if (group === 'autres') {
    const tags = sql.join(
      Object.values(coverGroupTags).map((t) => sql`${t}`),
      sql`, `,
    );
    return sql`not (${coverBook.tags} && array[${tags}]::text[])`;
  }
  return sql`${coverGroupTags[group]} = any(${coverBook.tags})`;
}

/**
 * The books an auto-covers batch draws (those without a cover, or whose cover
 * came from the old site): here, no cover, or one drawn by an older drawing. An uploaded
 * cover (generator null) is never replaced. Oldest first, so a list is stable.
 */
export async function coverCandidates(
  db: Pick<Db, 'select'>,
  { group, limit }: { group: CoverGroupFilter; limit: number },
) {
  const rows = await fromBooks(db, {
    id: coverBook.id,
    slug: coverBook.slug,
    title: coverBook.title,
    author: coverBook.author,
    category: coverBook.category,
    tags: coverBook.tags,
    coverVersion: coverBook.coverVersion,
  })
    .leftJoin(bookCovers, eq(bookCovers.bookId, coverBook.id))
    .where(
      and(
        or(
          isNull(coverBook.coverVersion),
          isNull(bookCovers.bookId),
          and(isNotNull(bookCovers.generator), ne(bookCovers.generator, COVER_GENERATOR)),
        ),
        groupCondition(group),
      ),
    )
    .orderBy(asc(coverBook.createdAt), asc(coverBook.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, group: coverGroupOf(row.tags) }));
}

/** The page's view of a batch. */
export function batchView(row: BatchRow): CoverBatchView {
  return {
    id: row.id,
    group: row.groupFilter as CoverGroupFilter,
    status: row.status,
    total: row.bookIds.length,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    failures: row.failures as Failure[],
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The books of a batch still to draw, in its order, from `from` (how many are done). */
export async function batchBooks(db: Pick<Db, 'select'>, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await fromBooks(db, {
    id: coverBook.id,
    title: coverBook.title,
    author: coverBook.author,
    category: coverBook.category,
    tags: coverBook.tags,
  }).where(inArray(coverBook.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => ({ id, book: byId.get(id) ?? null }));
}

export function createCoverBatchesRepository({ db }: { db: Db }) {
  return {
    /** The batch running, or else the last one. */
    async latest(): Promise<BatchRow | null> {
      const [row] = await db
        .select()
        .from(coverBatches)
        .orderBy(sql`${coverBatches.status} = 'running' desc`, desc(coverBatches.createdAt))
        .limit(1);
      return row ?? null;
    },

    async find(id: string): Promise<BatchRow | null> {
      const [row] = await db.select().from(coverBatches).where(eq(coverBatches.id, id));
      return row ?? null;
    },

    /**
     * Takes the lease of a running batch that nobody holds, or whose holder has not said it is
     * alive for 90 s. `skip locked`: processes looking at once never wait on
     * each other, and only one gets each batch.
     */
    async claim(owner: string): Promise<BatchRow | null> {
      const stale = `${COVER_BATCH_STALE_MS} milliseconds`;
      const result = await db.execute<{ id: string }>(sql`
        update ${coverBatches} set owner = ${owner}, heartbeat_at = now()
        where id = (
          select id from ${coverBatches}
          where status = 'running'
            and (owner is null or heartbeat_at < now() - ${stale}::interval)
          order by created_at
          limit 1
          for update skip locked
        )
        returning id`);
      const id = result.rows[0]?.id;
      return id ? this.find(id) : null;
    },

    /** Lets go of a lease (a process stopping): the next process that looks takes it. */
    async release(owner: string): Promise<void> {
      await db
        .update(coverBatches)
        .set({ owner: null })
        .where(and(eq(coverBatches.owner, owner), eq(coverBatches.status, 'running')));
    },

    /** Says the holder is alive; false when its lease was taken over (it must stop). */
    async heartbeat(id: string, owner: string): Promise<boolean> {
      const rows = await db
        .update(coverBatches)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(coverBatches.id, id), eq(coverBatches.owner, owner)))
        .returning({ id: coverBatches.id });
      return rows.length > 0;
    },
  };
}

/**
 * Records a chunk inside one transaction, if `owner` still holds the lease: the row is locked
 * first (a takeover waits, or has already won and this returns null without writing), then
 * `write` stores the chunk's covers, then the counts move on. Finishes the batch at its end.
 */
export async function advanceBatch(
  tx: Tx,
  { id, owner, ok, failures }: { id: string; owner: string; ok: number; failures: Failure[] },
  write: () => Promise<void>,
): Promise<BatchRow | null> {
  const [row] = await tx
    .select()
    .from(coverBatches)
    .where(and(eq(coverBatches.id, id), eq(coverBatches.owner, owner)))
    .for('update');
  if (row?.status !== 'running') return null;
  await write();
  const processed = row.processed + ok + failures.length;
  const kept = [...(row.failures as Failure[]), ...failures].slice(0, AUTO_COVER_FAILURES);
  const done = processed >= row.bookIds.length;
  const [updated] = await tx
    .update(coverBatches)
    .set({
      processed,
      succeeded: row.succeeded + ok,
      failed: row.failed + failures.length,
      failures: kept,
      heartbeatAt: sql`now()`,
      ...(done && { status: 'done' as const, finishedAt: sql`now()`, owner: null }),
    })
    .where(eq(coverBatches.id, id))
    .returning();
  return updated ?? null;
}
