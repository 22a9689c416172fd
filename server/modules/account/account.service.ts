import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import { CSV_BOM, csvLine } from '../../../domain/csv';
import { goodreadsCsv, libraryBook, storygraphCsv } from '../../../domain/library-export';
import { deleteAccountMessages as m } from '../../../domain/messages/account';
import type { Db } from '../../db/client';
import type { ReaderData } from '../../db/reader-data';
import { queueMail } from '../../mail/mail.job';
import { readersSql } from '../auth';
import type { JobQueue } from '../jobs';
import { libraryOf, readingHistoryOf } from '../reading';
import { readerDataOwners } from './reader-data.registry';

type Deps = {
  db: Db;
  jobs: Pick<JobQueue, 'enqueue'>;
  owners?: readonly ReaderData[];
};

/** Deleting and exporting a reader's account: each module deletes and exports its own rows. */
export function createAccountService({ db, jobs, owners = readerDataOwners }: Deps) {
  return {
    /**
     * Deletes everything about the reader in one transaction, every module in turn, the
     * auth module (their users row, sessions, password) last; the confirmation mail is
     * queued in it too, so it goes only if the deletion commits.
     */
    async delete(reader: { id: string; email: string }): Promise<void> {
      await db.transaction(async (tx) => {
        for (const owner of owners) await owner.deleteReaderData(tx, reader.id);
        await queueMail(jobs, tx, { to: reader.email, subject: m.mailSubject, text: m.mailText });
      });
    },

    /** Every module's rows about the reader (GDPR art. 20), read in one transaction. */
    async export(reader: { id: string; email: string }) {
      const data: Record<string, Record<string, unknown[]>> = {};
      await db.transaction(async (tx) => {
        for (const owner of owners) {
          const tables = await owner.exportReaderData(tx, reader.id);
          if (Object.keys(tables).length > 0) data[owner.module] = tables;
        }
      });
      return {
        exportedAt: new Date().toISOString(),
        reader: { id: reader.id, email: reader.email },
        data: JSON.parse(JSON.stringify(data)) as Record<
          string,
          Record<string, Record<string, unknown>[]>
        >,
      };
    },

    /** The reading history as CSV: one line per validated segment. */
    async historyCsv(readerId: string): Promise<string> {
      const rows = await readingHistoryOf(db, readerId);
      const lines = [
        csvLine(['date', 'titre', 'auteur', 'segment', 'joker']),
        ...rows.map((r) =>
          csvLine([r.validatedAt, r.title, r.author, r.segment, r.usedJoker ? 'oui' : 'non']),
        ),
      ];
      return `${CSV_BOM}${lines.join('')}`;
    },

    /**
     * The reader's list in Goodreads' or StoryGraph's export format, days in their time zone.
     * No byte-order mark: the file is for those services' importers, which expect their own
     * header as the first bytes.
     */
    async libraryCsv(readerId: string, format: 'goodreads' | 'storygraph'): Promise<string> {
      const { entries, timeZone } = await db.transaction(async (tx) => {
        const zone = await tx.execute<{ time_zone: string }>(
          readersSql.timeZone(sql`${readerId}::uuid`),
        );
        return {
          entries: await libraryOf(tx, readerId),
          timeZone: zone.rows[0]?.time_zone ?? DEFAULT_TIME_ZONE,
        };
      });
      const books = entries.map((entry) => libraryBook(entry, timeZone));
      return format === 'goodreads' ? goodreadsCsv(books) : storygraphCsv(books);
    },
  };
}
