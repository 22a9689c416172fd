import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COVER_BATCH_HEARTBEAT_MS, COVER_BATCH_PARALLEL } from '../../../domain/covers';
import type { CoverBatchView } from '../../../domain/covers.schemas';
import { autoCoverMessages as m } from '../../../domain/messages/covers';
import type { Db } from '../../db/client';
import { recordAdminAction } from '../audit';
import { publishLive } from '../live';
import { type AutoCoverBook, drawAutoCover } from './auto-cover';
import {
  advanceBatch,
  batchBooks,
  batchView,
  createCoverBatchesRepository,
} from './cover-batches.repository';
import { type DrawnCover, writeDrawnCovers } from './cover-files.repository';

type Options = {
  db: Db;
  log: FastifyBaseLogger;
  /** This runner's lease token (tests name their two workers). */
  owner?: string;
  /** How often the holder says it is alive, and how often a process looks for work. */
  heartbeatMs?: number;
  sweepMs?: number;
  /** Covers drawn per transaction. */
  chunk?: number;
  draw?: (book: AutoCoverBook) => Promise<DrawnCover>;
};

export type CoverBatchRunner = ReturnType<typeof createCoverBatchRunner>;

/** The live event that tells the admin's tabs where the batch is. */
export async function publishProgress(
  tx: Parameters<typeof publishLive>[0],
  adminId: string | null,
  batch: CoverBatchView,
) {
  if (adminId) await publishLive(tx, { reader: adminId }, 'covers.progress', batch);
}

/**
 * Runs auto-covers batches (decision 026). A batch is a row (cover_batches); a process works
 * on it only while it holds the row's lease, renewed at every chunk and every 20 s. Each
 * chunk's covers and counts commit in one transaction that first checks the lease, so a
 * process that lost it writes nothing. Every process looks for a batch nobody holds, or
 * whose holder fell silent for 90 s, every 20 s: a batch survives its process.
 */
export function createCoverBatchRunner(options: Options) {
  const { db, log } = options;
  const owner = options.owner ?? randomUUID();
  const chunk = options.chunk ?? COVER_BATCH_PARALLEL * 2;
  const draw = options.draw ?? drawAutoCover;
  const batches = createCoverBatchesRepository({ db });
  let working: Promise<void> | null = null;
  let stopped = false;
  let sweeper: NodeJS.Timeout | null = null;

  async function drawChunk(ids: string[]) {
    const items = await batchBooks(db, ids);
    const results: {
      id: string;
      title: string;
      cover?: DrawnCover;
      error?: string;
    }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const item = items[next++];
        if (!item) break;
        if (!item.book) {
          results.push({ id: item.id, title: '', error: m.bookGone });
          continue;
        }
        try {
          results.push({ id: item.id, title: item.book.title, cover: await draw(item.book) });
        } catch (error) {
          log.warn({ err: error, bookId: item.id }, 'auto-covers: a cover failed');
          results.push({ id: item.id, title: item.book.title, error: m.drawFailed });
        }
      }
    };
    await Promise.all(Array.from({ length: COVER_BATCH_PARALLEL }, worker));
    return results;
  }

  async function run(batch: NonNullable<Awaited<ReturnType<typeof batches.claim>>>) {
    let held = true;
    const beat = setInterval(() => {
      batches
        .heartbeat(batch.id, owner)
        .then((ok) => {
          if (!ok) held = false;
        })
        .catch((error) => log.warn({ err: error }, 'auto-covers: heartbeat failed'));
    }, options.heartbeatMs ?? COVER_BATCH_HEARTBEAT_MS);
    beat.unref();
    let drawing: ReturnType<typeof drawChunk> | null = null;
    try {
      let processed = batch.processed;
      // The next chunk is drawn while this one commits: drawing (CPU, sharp's threads) and
      // writing (the database) overlap. A lost lease wastes at most that one chunk.
      drawing = drawChunk(batch.bookIds.slice(processed, processed + chunk));
      while (held && !stopped) {
        const results = await drawing;
        if (results.length === 0) break;
        const after = processed + results.length;
        drawing = drawChunk(batch.bookIds.slice(after, after + chunk));
        const failures = results
          .filter((r) => r.error)
          .map((r) => ({ bookId: r.id, title: r.title, message: r.error as string }));
        const drawn = results.filter((r) => r.cover);
        const updated = await db.transaction(async (tx) => {
          const row = await advanceBatch(
            tx,
            { id: batch.id, owner, ok: drawn.length, failures },
            async () => {
              await writeDrawnCovers(
                tx,
                drawn.map((r) => ({ bookId: r.id, cover: r.cover as DrawnCover })),
              );
            },
          );
          if (!row) return null;
          await publishProgress(tx, row.requestedBy, batchView(row));
          if (row.status === 'done' && row.requestedBy) {
            await recordAdminAction(tx, {
              adminId: row.requestedBy,
              action: 'covers.batch.finish',
              entity: 'cover_batch',
              entityId: row.id,
              after: { succeeded: row.succeeded, failed: row.failed },
            });
          }
          return row;
        });
        if (!updated) {
          log.info({ batchId: batch.id }, 'auto-covers: lease lost, another process goes on');
          return;
        }
        processed = updated.processed;
        if (updated.status === 'done') return;
      }
    } finally {
      clearInterval(beat);
      // A chunk drawn ahead that will not be written: its failure (a closing database) is moot.
      drawing?.catch(() => {});
    }
  }

  /** Claims and runs batches until none is left to take (one at a time per process). */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (working) return working;
    working = (async () => {
      try {
        for (;;) {
          if (stopped) return;
          const batch = await batches.claim(owner);
          if (!batch) return;
          await run(batch);
        }
      } catch (error) {
        log.error({ err: error }, 'auto-covers: batch interrupted');
      } finally {
        working = null;
      }
    })();
    return working;
  }

  return {
    owner,
    kick,
    /** Looks for work now and then every 20 s (a batch left by a process that died). */
    start() {
      void kick();
      sweeper = setInterval(() => void kick(), options.sweepMs ?? COVER_BATCH_HEARTBEAT_MS);
      sweeper.unref();
    },
    /** Stops after the chunk under way and lets go of its lease: another process goes on. */
    async stop() {
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      await working;
      // Best effort: with the database already gone the lease is not released, and another
      // process takes the batch over once it is stale (90 s). Stopping never fails on it.
      await batches.release(owner).catch((error: unknown) => {
        log.warn({ err: error }, 'auto-covers: lease not released at stop');
      });
    },
  };
}
