import { and, count, eq, sql } from 'drizzle-orm';
import type {
  PushSubscriptionInput,
  ReminderSettings,
  ReminderState,
} from '../../../domain/reminders.schemas';
import type { Db } from '../../db/client';
import { readingSql } from '../reading';
import type { PushTarget } from './reminder-push';
import { pushSubscriptions, reminderSettings } from './reminders.table';

const DEFAULTS: ReminderSettings = { enabled: false, time: '20:00', timeZone: 'Europe/Paris' };

type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

/** The readers' reminders and their browsers' push subscriptions (decision 032). */
export function createRemindersRepository({ db }: { db: Db }) {
  return {
    async state(readerId: string, tx: Executor = db): Promise<ReminderState> {
      const [row] = await tx
        .select({
          enabled: reminderSettings.enabled,
          time: reminderSettings.time,
          timeZone: reminderSettings.timeZone,
        })
        .from(reminderSettings)
        .where(eq(reminderSettings.readerId, readerId));
      const [devices] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.readerId, readerId));
      return { ...DEFAULTS, ...(row as ReminderSettings | undefined), devices: devices?.n ?? 0 };
    },

    async save(readerId: string, settings: ReminderSettings): Promise<ReminderState> {
      return db.transaction(async (tx) => {
        await tx
          .insert(reminderSettings)
          .values({ readerId, ...settings })
          .onConflictDoUpdate({ target: reminderSettings.readerId, set: { ...settings } });
        return this.state(readerId, tx);
      });
    },

    /** The browser's subscription, now the reader's (an endpoint belongs to one reader). */
    async subscribe(readerId: string, input: PushSubscriptionInput): Promise<void> {
      const row = {
        readerId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      };
      await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    },

    /** True when the reader had this endpoint. */
    async unsubscribe(readerId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.readerId, readerId), eq(pushSubscriptions.endpoint, endpoint)),
        )
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** A subscription the push service refused for good. */
    async forget(endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    /**
     * Claims the reminders due at `at`: readers whose reminder is on, whose chosen hour has
     * come in their time zone (within the hour after it, so a late run still sends tonight's,
     * never tomorrow morning's), not yet reminded that local day, with a subscribed browser and
     * no validation that day. Their day is marked sent in the same statement, so a second run
     * (another process, a retry) finds nothing. Returns the browsers to send to.
     */
    async claimDue(at: Date): Promise<Array<PushTarget & { readerId: string }>> {
      const local = sql`(${at.toISOString()}::timestamptz at time zone s.time_zone)`;
      const dayStart = sql`((${local})::date::timestamp at time zone s.time_zone)`;
      const { rows } = await db.execute<{
        reader_id: string;
        endpoint: string;
        p256dh: string;
        auth: string;
      }>(
        sql`with due as (
          select s.reader_id, (${local})::date as today
          from reminder_settings s
          where s.enabled
            and (${local})::time >= s.time::time
            and (${local})::time < s.time::time + interval '1 hour'
            and (s.last_sent_on is null or s.last_sent_on < (${local})::date)
            and exists (select 1 from push_subscriptions p where p.reader_id = s.reader_id)
            and not exists (${readingSql.validationTimes({ userId: sql`s.reader_id`, since: dayStart })})
        ), claimed as (
          update reminder_settings s set last_sent_on = due.today
          from due where s.reader_id = due.reader_id
          returning s.reader_id
        )
        select p.reader_id, p.endpoint, p.p256dh, p.auth
        from push_subscriptions p join claimed c on c.reader_id = p.reader_id`,
      );
      return rows.map((r) => ({
        readerId: r.reader_id,
        endpoint: r.endpoint,
        p256dh: r.p256dh,
        auth: r.auth,
      }));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
