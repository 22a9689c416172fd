import type { Db } from '../../db/client';
import type { ScheduledJob } from '../jobs';
import { PARIS } from '../jobs';
import { createLiveRepository } from './live.repository';

/** Replay needs a day of events at most; older ones are deleted every hour. */
export function liveSchedules({ db }: { db: Db }): ScheduledJob[] {
  const events = createLiveRepository({ db });
  return [
    {
      name: 'live-purge',
      cron: '23 * * * *',
      timeZone: PARIS,
      run: ({ scheduledFor }) => events.purge(scheduledFor),
    },
  ];
}
