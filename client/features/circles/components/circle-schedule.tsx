import { frenchDay } from '../../../../domain/circles';
import type { CircleScheduleEntry } from '../../../../domain/circles.schemas';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { fill } from '../../../../domain/messages/fill';

/** What a segment of the schedule is for me: read, late, due today or to come. */
function markOf(entry: CircleScheduleEntry, validated: number, today: string) {
  if (entry.segment <= validated) return { text: m.scheduleDone, late: false };
  if (entry.dueDay < today) return { text: m.scheduleLate, late: true };
  if (entry.dueDay === today) return { text: m.scheduleToday, late: false };
  return { text: m.scheduleComing, late: false };
}

/**
 * The schedule (docs/architecture.md#reading-circles): each segment, its pages, the day it is
 * due, and, for a member (`mine`), where they are with it.
 */
export function CircleSchedule(props: {
  schedule: CircleScheduleEntry[];
  mine?: { validated: number; today: string };
}) {
  return (
    <section aria-labelledby="calendrier" className="mt-10">
      <h2 id="calendrier" className="text-2xl font-semibold">
        {m.scheduleTitle}
      </h2>
      <ol className="mt-4 divide-y divide-line rounded-2xl border border-line">
        {props.schedule.map((entry) => {
          const mark = props.mine ? markOf(entry, props.mine.validated, props.mine.today) : null;
          return (
            <li
              key={entry.segment}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {fill(m.scheduleSegment, { segment: entry.segment })}
                </p>
                <p className="text-sm text-ink-soft">
                  {fill(m.schedulePages, entry.pages)} ·{' '}
                  {fill(m.scheduleDue, { date: frenchDay(entry.dueDay) })}
                </p>
              </div>
              {mark ? (
                <span
                  className={`text-sm font-semibold ${mark.late ? 'text-accent-strong' : 'text-ink-soft'}`}
                >
                  {mark.text}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
