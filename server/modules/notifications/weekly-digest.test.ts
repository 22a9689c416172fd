import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestMail } from '../../../domain/messages/digest';
import { decodeQuotedPrintable } from '../../../e2e/fixtures/mime';
import type { Mail } from '../../mail/mailer';
import { buildTestApp, type TestApp } from '../../test/app';
import { runSchedule, waitForIdleJobs } from '../../test/jobs';
import { emailOf, insertReaders, validateAt } from '../../test/validations';
import type { JobHandler } from '../jobs/jobs.worker';
import { occurrenceAtOrBefore, PARIS } from '../jobs/schedule-instant';
import { digestMailHandlers, readerOfToken, WEEKLY_DIGEST_MAIL } from './digest-mail';
import { WEEKLY_DIGEST, WEEKLY_DIGEST_CRON } from './weekly-digest';

// The Monday digest through the app's real queue at chosen instants: last week's figures per
// reader (their Paris calendar), the e-mail to readers who turned it on (no SMTP_URL: the
// mail lands as an .eml file in DATA_DIR/mail), and a second run adding nothing.

const SECRET = 'un-secret-de-test-assez-long-pour-signer-les-jetons';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_SECRET: SECRET, PUBLIC_URL: 'https://lisons.example' });
  await t.app.ready();
});
afterAll(() => t.close());

type Digest = { recipient_id: string; meta: Record<string, unknown>; dedupe_key: string };

async function digestsOf(readers: string[]): Promise<Digest[]> {
  const { rows } = await t.database.db.execute<Digest>(
    sql`select recipient_id, meta, dedupe_key from notifications
        where type = 'weekly_digest' and recipient_id in (${sql.join(
          readers.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by dedupe_key`,
  );
  return rows;
}

async function wantsMail(readerId: string, on: boolean) {
  await t.database.db.execute(
    sql`insert into notification_preferences (reader_id, weekly_digest_email) values (${readerId}, ${on})
        on conflict (reader_id) do update set weekly_digest_email = ${on}`,
  );
}

/** The reader followed the link of their confirmation mail. */
async function verify(readerId: string) {
  await t.database.db.execute(sql`update users set email_verified = true where id = ${readerId}`);
}

async function preferenceOf(readerId: string): Promise<boolean | null> {
  const { rows } = await t.database.db.execute<{ on: boolean }>(
    sql`select weekly_digest_email as on from notification_preferences where reader_id = ${readerId}`,
  );
  return rows[0]?.on ?? null;
}

type Eml = { to: string; subject: string; headers: string; text: string; html: string };

/** The .eml files in the outbox, parsed just enough: headers, text and HTML parts. */
function outbox(): Eml[] {
  const dir = path.join(t.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const [head = ''] = raw.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
      const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
      const parts = raw.split(`--${boundary}`).slice(1);
      const part = (type: string) => {
        const found = parts.find((p) => new RegExp(`content-type: ${type}`, 'i').test(p)) ?? '';
        const [partHead = '', ...body] = found.split(/\r?\n\r?\n/);
        const text = body.join('\n\n');
        return /quoted-printable/i.test(partHead)
          ? decodeQuotedPrintable(text)
          : /base64/i.test(partHead)
            ? Buffer.from(text, 'base64').toString('utf8')
            : text;
      };
      return {
        to: header('to'),
        // Encoded words (RFC 2047) when the subject is not plain ASCII.
        subject: header('subject')
          .replace(/\?=\s+=\?/g, '?==?')
          .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
            kind.toLowerCase() === 'b'
              ? Buffer.from(data, 'base64').toString('utf8')
              : decodeQuotedPrintable(data.replaceAll('_', ' ')),
          ),
        headers,
        text: part('text/plain'),
        html: part('text/html'),
      };
    });
}

describe('the weekly digest (Monday 08:00 Paris)', () => {
  it("sums last week's validations per reader, in their calendar, with the streak at its end", async () => {
    const [active, quiet, lateSunday, none] = await insertReaders(t.database.db, [
      'Active',
      'Quiet',
      'LateSunday',
      null,
    ]);
    const db = t.database.db;
    // Week 2027-W02: Monday 11 to Sunday 17 January (Paris, UTC+1).
    await validateAt(db, active as string, [
      '2027-01-10T22:30:00Z', // 23:30 Sunday the 10th: the week before
      '2027-01-10T23:30:00Z', // 00:30 Monday the 11th: in
      '2027-01-11T10:00:00Z',
      '2027-01-13T10:00:00Z',
      '2027-01-16T10:00:00Z',
      '2027-01-17T22:30:00Z', // 23:30 Sunday the 17th: in
      '2027-01-17T23:30:00Z', // 00:30 Monday the 18th: the next week
    ]);
    await validateAt(db, quiet as string, ['2027-01-08T10:00:00Z']);
    await validateAt(db, lateSunday as string, ['2027-01-17T22:59:00Z']);

    const at = occurrenceAtOrBefore(WEEKLY_DIGEST_CRON, PARIS, new Date('2027-01-18T12:00:00Z'));
    expect(at.toISOString()).toBe('2027-01-18T07:00:00.000Z'); // 08:00 Paris, a Monday
    await runSchedule(t, WEEKLY_DIGEST, at);

    const readers = [active, quiet, lateSunday, none] as string[];
    const digests = await digestsOf(readers);
    expect(digests.map((d) => d.recipient_id).sort()).toEqual([active, lateSunday].sort());
    const mine = digests.find((d) => d.recipient_id === active);
    expect(mine?.dedupe_key).toBe('week:2027-W02');
    expect(mine?.meta).toEqual({
      week: '2027-W02',
      from: '2027-01-11',
      to: '2027-01-17',
      segments: 5,
      pages: 150,
      streak: 2,
      msg: 'La semaine dernière\u00a0: 5 segments validés, 150 pages lues, série de 2 jours.',
    });
    expect(digests.find((d) => d.recipient_id === lateSunday)?.meta).toMatchObject({
      segments: 1,
      pages: 30,
      streak: 1,
      msg: 'La semaine dernière\u00a0: 1 segment validé, 30 pages lues, série de 1 jour.',
    });

    // A second run of the occurrence adds nothing, live or not.
    await runSchedule(t, WEEKLY_DIGEST, at);
    expect(await digestsOf(readers)).toHaveLength(2);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from live_events where kind = 'notification'
          and reader_id in (${active}::uuid, ${lateSunday}::uuid)`,
    );
    expect(Number(rows[0]?.n)).toBe(2);
  });

  it('says no streak when the week ended without one, and names ISO weeks across the new year', async () => {
    const [early] = await insertReaders(t.database.db, ['Early']);
    // Monday 28 December 2026 only: week 2026-W53 (28 December to 3 January).
    await validateAt(t.database.db, early as string, ['2026-12-28T10:00:00Z']);
    await runSchedule(t, WEEKLY_DIGEST, new Date('2027-01-04T07:00:00Z'));
    const [digest] = await digestsOf([early as string]);
    expect(digest?.dedupe_key).toBe('week:2026-W53');
    expect(digest?.meta).toMatchObject({
      from: '2026-12-28',
      to: '2027-01-03',
      segments: 1,
      streak: 0,
      msg: 'La semaine dernière\u00a0: 1 segment validé, 30 pages lues, pas de série en cours.',
    });
  });

  it('counts a streak kept by a freeze, as the streak card does', async () => {
    const [frozen] = await insertReaders(t.database.db, ['Frozen']);
    // Every day from Monday 1 to Sunday 7 March 2027 (a freeze earned), then Monday 8 to
    // Friday 12; Saturday 13 missed (the freeze spent), Sunday 14 read. Paris is UTC+1.
    const days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14].map(
      (d) => `2027-03-${String(d).padStart(2, '0')}T10:00:00Z`,
    );
    await validateAt(t.database.db, frozen as string, days);
    await runSchedule(t, WEEKLY_DIGEST, new Date('2027-03-15T07:00:00Z'));
    const [digest] = await digestsOf([frozen as string]);
    // 13 days read in the streak: the frozen Saturday keeps it and adds none.
    expect(digest?.meta).toMatchObject({ from: '2027-03-08', segments: 6, streak: 13 });
  });

  it('takes the week of the autumn change (a 25-hour Sunday) by Paris days', async () => {
    const [reader] = await insertReaders(t.database.db, ['Autumn']);
    await validateAt(t.database.db, reader as string, [
      '2026-10-18T21:30:00Z', // 23:30 Sunday the 18th (UTC+2): the week before
      '2026-10-18T22:30:00Z', // 00:30 Monday the 19th: in
      '2026-10-25T00:30:00Z', // 02:30 UTC+2 on the 25th: in
      '2026-10-25T01:30:00Z', // 02:30 UTC+1 on the 25th: in
      '2026-10-25T22:30:00Z', // 23:30 Sunday the 25th (UTC+1): in
      '2026-10-25T23:30:00Z', // 00:30 Monday the 26th: out
    ]);
    const at = occurrenceAtOrBefore(WEEKLY_DIGEST_CRON, PARIS, new Date('2026-10-26T10:00:00Z'));
    expect(at.toISOString()).toBe('2026-10-26T07:00:00.000Z');
    await runSchedule(t, WEEKLY_DIGEST, at);
    const [digest] = await digestsOf([reader as string]);
    expect(digest?.meta).toMatchObject({
      week: '2026-W43',
      from: '2026-10-19',
      to: '2026-10-25',
      segments: 4,
      streak: 1,
    });
  });
});

describe('the digest e-mail (opt-in)', () => {
  it('mails readers who turned it on and confirmed their address, once, with a one-click unsubscribe that works', async () => {
    const db = t.database.db;
    const [onReader, offReader, onButIdle, unverified] = await insertReaders(db, [
      'Camille',
      'Dominique',
      null,
      'Gaspard',
    ]);
    for (const reader of [onReader, offReader, onButIdle]) await verify(reader as string);
    await wantsMail(onReader as string, true);
    await wantsMail(offReader as string, false);
    await wantsMail(onButIdle as string, true);
    // Wants the mail, but never proved the address is theirs: the notification only.
    await wantsMail(unverified as string, true);
    await validateAt(db, onReader as string, ['2027-02-01T10:00:00Z', '2027-02-02T10:00:00Z']);
    await validateAt(db, offReader as string, ['2027-02-03T10:00:00Z']);
    await validateAt(db, unverified as string, ['2027-02-03T11:00:00Z']);
    const before = outbox().length;

    const at = new Date('2027-02-08T07:00:00Z');
    await runSchedule(t, WEEKLY_DIGEST, at);
    await waitForIdleJobs(t.database);
    const mails = outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(await digestsOf([unverified as string])).toHaveLength(1);
    // Even a mail job queued for them (say, before a change of address) sends nothing.
    await t.jobs.enqueue(t.database.db, WEEKLY_DIGEST_MAIL, {
      readerId: unverified,
      week: '2027-W05',
    });
    await waitForIdleJobs(t.database);
    expect(outbox().slice(before)).toHaveLength(1);
    const [mail] = mails as [Eml];
    expect(mail.to).toContain(await emailOf(db, onReader as string));
    expect(mail.subject).toBe(digestMail.subject);
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain(
      'Voici ta semaine de lecture, du 1er février 2027 au 7 février 2027\u00a0:',
    );
    expect(mail.text).toContain('- 2 segments validés');
    expect(mail.text).toContain('- 60 pages lues');
    expect(mail.text).toContain(
      '- Pas de série en cours\u00a0: un segment ce soir et elle repart.',
    );
    expect(mail.text).toContain('https://lisons.example/achievements');
    expect(mail.html).toContain('<li>2 segments validés</li>');

    // RFC 2369 / 8058 headers, the same signed link as in the text.
    const link = /^List-Unsubscribe: <(.*)>$/im.exec(mail.headers)?.[1] as string;
    expect(link).toMatch(/^https:\/\/lisons\.example\/unsubscribe\?token=/);
    expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(mail.text).toContain(link);
    const token = new URL(link).searchParams.get('token') as string;
    expect(readerOfToken(SECRET, token)).toBe(onReader);

    // A second run queues no second mail.
    await runSchedule(t, WEEKLY_DIGEST, at);
    await waitForIdleJobs(t.database);
    expect(outbox().slice(before)).toHaveLength(1);

    // The mail client's one-click POST: no Origin, a form body, the token in the address.
    const response = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await preferenceOf(onReader as string)).toBe(false);

    // Next Monday: still a notification, no mail.
    await validateAt(db, onReader as string, ['2027-02-09T10:00:00Z']);
    await runSchedule(t, WEEKLY_DIGEST, new Date('2027-02-15T07:00:00Z'));
    await waitForIdleJobs(t.database);
    expect(outbox().slice(before)).toHaveLength(1);
    expect((await digestsOf([onReader as string])).map((d) => d.dedupe_key)).toEqual([
      'week:2027-W05',
      'week:2027-W06',
    ]);
  });

  it('sends nothing when the job runs after the reader turned the mail off, or for no digest', async () => {
    const db = t.database.db;
    const [reader] = await insertReaders(db, ['Eden']);
    await validateAt(db, reader as string, ['2027-02-23T10:00:00Z']);
    await runSchedule(t, WEEKLY_DIGEST, new Date('2027-03-01T07:00:00Z'));
    const sent: Mail[] = [];
    const handler = digestMailHandlers({
      db,
      mailer: { send: async (mail) => void sent.push(mail), close: () => {} },
      secret: SECRET,
      publicUrl: 'https://lisons.example',
      addressOf: async () => 'eden@exemple.fr',
    })[WEEKLY_DIGEST_MAIL] as JobHandler;
    const job = { readerId: reader, week: '2027-W08' };

    await handler(job); // never turned on
    await wantsMail(reader as string, false);
    await handler(job); // turned off since
    await wantsMail(reader as string, true);
    await handler({ ...job, week: '2027-W07' }); // a week without a digest
    expect(sent).toEqual([]);
    await handler(job);
    expect(sent.map((m) => m.to)).toEqual(['eden@exemple.fr']);
  });
});
