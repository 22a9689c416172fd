import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayBefore,
  daysFrom,
  friendStreakOn,
  newFriendStreak,
  sharedDays,
} from '../../../domain/friends';
import { streakWithFreezes } from '../../../domain/streak-freeze';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { insertReaders } from '../../test/validations';
import { judgeFriendStreaks } from './friends.jobs';
import { afterReading } from './friends.repository';

// The friend streaks' SQL (friends.sql.ts) against their rule (domain/friends.ts) on the
// engine of the project that runs it: whatever days each reader reads and whichever nights
// the job runs, the row says what streakWithFreezes says of the shared days. And two friends
// validating at the same moment (separate connections on PostgreSQL) both count.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** An active friend streak started on `day`, as an accepted invitation leaves it. */
async function startedOn(day: string): Promise<{ a: string; b: string; id: string }> {
  const [x, y] = (await insertReaders(database.db, [null, null])) as [string, string];
  const [a, b] = x < y ? [x, y] : [y, x];
  const { rows } = await database.db.execute<{ id: string }>(
    sql`insert into friend_streaks (reader_a, reader_b, invited_by, status, started_on, judged_through)
        values (${a}, ${b}, ${a}, 'active', ${day}::date, ${dayBefore(day)}::date) returning id`,
  );
  return { a, b, id: rows[0]?.id as string };
}

async function row(id: string) {
  const { rows } = await database.db.execute<{
    current: number;
    best: number;
    freezes: number;
    judged: string;
  }>(sql`select current, best, freezes, to_char(judged_through, 'YYYY-MM-DD') as judged
         from friend_streaks where id = ${id}`);
  const r = rows[0];
  if (!r) throw new Error('no row');
  return {
    current: Number(r.current),
    best: Number(r.best),
    freezes: Number(r.freezes),
    judgedThrough: r.judged,
  };
}

// Paris is UTC+1 in January and February: noon and 13:00 Paris.
const noon = (day: string) => `${day}T11:00:00Z`;
const afternoon = (day: string) => `${day}T12:00:00Z`;
const nightly = (day: string) => new Date(`${dayBefore(day)}T23:10:00Z`); // 00:10 on `day`

describe('the friend streaks in SQL', () => {
  it('agree with domain/friends.ts whatever days each reads and whenever the job runs', async () => {
    const start = '2026-01-05';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), {
          minLength: 1,
          maxLength: 18,
        }),
        async (plan) => {
          const { a, b, id } = await startedOn(start);
          const days = daysFrom(start, '2026-02-28').slice(0, plan.length);
          const read = { a: [] as string[], b: [] as string[] };
          for (const [i, [aReads, bReads, jobRuns]] of plan.entries()) {
            const day = days[i] as string;
            if (jobRuns) await judgeFriendStreaks(database.db, nightly(day));
            // A read seven days in eight, B as drawn: long runs, freezes and misses.
            if (aReads || i % 8 !== 7) {
              read.a.push(day);
              await afterReading(database.db, { readerId: a, at: noon(day) });
            }
            if (bReads) {
              read.b.push(day);
              await afterReading(database.db, { readerId: b, at: afternoon(day) });
            }
          }
          const today = days.at(-1) as string;
          const shown = friendStreakOn(await row(id), today);
          const expected = streakWithFreezes(sharedDays(read.a, read.b, start), today);
          expect({ current: shown.current, best: shown.best, freezes: shown.freezes }).toEqual({
            current: expected.current,
            best: expected.best,
            freezes: expected.freezes,
          });
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('counts the day when both friends validate at the same moment', async () => {
    const pairs = await Promise.all(Array.from({ length: 12 }, () => startedOn('2026-03-02')));
    await Promise.all(
      pairs.flatMap(({ a, b }) => [
        afterReading(database.db, { readerId: a, at: '2026-03-02T10:00:00Z' }),
        afterReading(database.db, { readerId: b, at: '2026-03-02T10:00:00Z' }),
      ]),
    );
    for (const { id } of pairs) {
      expect(await row(id)).toEqual({
        ...newFriendStreak('2026-03-02'),
        current: 1,
        best: 1,
        judgedThrough: '2026-03-02',
      });
    }
  });
});
