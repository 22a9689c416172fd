import { sql } from 'drizzle-orm';
import { circleDay, circlePath, dueDay, frenchDay, reminderSegment } from '../../../domain/circles';
import { circleNotices, circleReminderMail } from '../../../domain/messages/circles';
import { fill, fillPlural } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { queueMail } from '../../mail/mail.job';
import { emailOf } from '../auth';
import type { JobQueue, ScheduledJob } from '../jobs';
import { PARIS } from '../jobs';
import { notify } from '../notifications';
import { grantTogetherBadges } from './circle-badges';
import { circlesRepository as repo } from './circles.repository';

// The daily pass of the circles (docs/architecture.md#reading-circles, decision 056): each
// member of an open circle behind its pace (fewer segments validated than segments whose due
// day is over) gets one gentle reminder per overdue segment, a notification and, if they asked
// for it and their address is confirmed, an e-mail; a unique row per circle, member and segment
// makes a second run write nothing. A segment overdue before the member joined is not theirs to
// be reminded of. The pass then grants the badges of books finished together that the
// validation's job missed. Days are Paris days of the occurrence, never of the clock.

export const CIRCLE_REMINDERS = 'circle-reminders';
/** 10:00 Paris: the morning after a due day ended, never at night. */
export const CIRCLE_REMINDERS_CRON = '0 10 * * *';

/** notify() items per statement. */
const CHUNK = 1000;

export type ReminderRun = { reminded: number; mailed: number; badges: number };

/** The pass for the occurrence `at`, in one transaction. */
export async function sendCircleReminders(
  db: Db,
  at: Date,
  deps: { jobs: Pick<JobQueue, 'enqueue'>; publicUrl: string },
): Promise<ReminderRun> {
  const today = circleDay(at);
  return db.transaction(async (tx) => {
    const members = await repo.membersToRemind(tx, today);
    const due = members.flatMap((member) => {
      const segment = reminderSegment(member, { validated: member.validated, today });
      if (segment === null) return [];
      if (dueDay(segment, member) < circleDay(member.joinedAt)) return [];
      return [{ ...member, segment }];
    });
    const written = await repo.insertReminders(
      tx,
      due.map(({ circleId, readerId, segment }) => ({ circleId, readerId, segment })),
    );
    const key = (x: { circleId: string; readerId: string; segment: number }) =>
      `${x.circleId}:${x.readerId}:${x.segment}`;
    const sent = new Set(written.map(key));
    const reminded = due.filter((x) => sent.has(key(x)));
    const items: Parameters<typeof notify>[1] = reminded.map((x) => ({
      recipientId: x.readerId,
      type: 'circle_reminder',
      bookId: x.bookId,
      meta: {
        circleId: x.circleId,
        segment: x.segment,
        dueDay: dueDay(x.segment, x),
        msg: fill(circleNotices.reminder, {
          name: x.name,
          title: x.title,
          segment: x.segment,
          date: frenchDay(dueDay(x.segment, x)),
        }),
      },
      dedupeKey: `circle-reminder:${x.circleId}:${x.segment}`,
    }));
    for (let i = 0; i < items.length; i += CHUNK) await notify(tx, items.slice(i, i + CHUNK));
    let mailed = 0;
    for (const x of reminded.filter((r) => r.email)) {
      const to = await emailOf(tx, x.readerId);
      if (!to) continue;
      await queueMail(deps.jobs, tx, {
        to,
        subject: circleReminderMail.subject,
        text: fill(circleReminderMail.text, {
          name: x.name,
          title: x.title,
          pace: fillPlural(x.paceDays, circleReminderMail.pace),
          segment: x.segment,
          date: frenchDay(dueDay(x.segment, x)),
          url: `${deps.publicUrl}${circlePath(x.circleId)}`,
        }),
      });
      mailed += 1;
    }
    const badges = await grantTogetherBadges(tx, sql`true`);
    return { reminded: reminded.length, mailed, badges };
  });
}

/**
 * The daily schedule (app.ts hands it to startJobWorker). `queue` gives the queue the worker
 * returns, for the e-mails (the schedule runs only once it exists).
 */
export function circleReminderSchedule(deps: {
  db: Db;
  publicUrl: string;
  queue: () => Pick<JobQueue, 'enqueue'>;
}): ScheduledJob {
  return {
    name: CIRCLE_REMINDERS,
    cron: CIRCLE_REMINDERS_CRON,
    timeZone: PARIS,
    run: async ({ scheduledFor }) => {
      await sendCircleReminders(deps.db, scheduledFor, {
        jobs: deps.queue(),
        publicUrl: deps.publicUrl,
      });
    },
  };
}
