import { calendarWeeks } from '../../../../domain/insights';
import { fillPlural } from '../../../../domain/messages/fill';
import { insightsMessages as t } from '../../../../domain/messages/insights';
import { formatNumber } from '../../../lib/format';
import { fullDay } from './format';

// Shades of the accent, from paper to brick; the legend shows all five.
const shades = ['bg-line', 'bg-accent/30', 'bg-accent/55', 'bg-accent/80', 'bg-accent'] as const;

/**
 * The last 12 months, one square per day, shaded by pages validated (a contribution graph).
 * The grid is one image for screen readers, named by its total; each square's figure is in
 * its tooltip, and the charts' tables give the same pages by week and month.
 */
export function ReadingCalendar(props: { days: Record<string, number>; today: string }) {
  const weeks = calendarWeeks(props.days, props.today);
  const total = weeks.flat().reduce((sum, d) => sum + d.pages, 0);
  const summary = fillPlural(total, t.calendarSummary, { n: formatNumber(total) });
  return (
    <figure className="rounded-2xl border border-line bg-paper-deep p-4">
      <figcaption className="font-semibold">{t.calendarTitle}</figcaption>
      <p className="mt-1 text-sm text-ink-soft">{summary}</p>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <section
        className="mt-3 overflow-x-auto rounded-md pb-1 focus-visible:outline-2 focus-visible:outline-accent"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1)
        tabIndex={0}
        aria-label={t.calendarTitle}
      >
        <div
          role="img"
          aria-label={`${t.calendarTitle}\u00a0: ${summary}`}
          data-testid="reading-calendar"
          className="grid w-max grid-flow-col grid-rows-7 gap-[3px]"
        >
          {weeks.flat().map((d) => (
            <span
              key={d.day}
              data-day={d.day}
              data-level={d.level}
              title={fillPlural(d.pages, t.calendarDay, { day: fullDay(d.day), n: d.pages })}
              className={`size-[11px] rounded-[2px] ${shades[d.level]}`}
            />
          ))}
        </div>
      </section>
      <div
        aria-hidden="true"
        className="mt-2 flex items-center justify-end gap-1 text-xs text-ink-soft"
      >
        {t.calendarLegendLess}
        {shades.map((shade) => (
          <span key={shade} className={`size-[11px] rounded-[2px] ${shade}`} />
        ))}
        {t.calendarLegendMore}
      </div>
    </figure>
  );
}
