import { Link } from 'react-router';
import { bookPath } from '../../../../domain/book-display';
import type { Insights } from '../../../../domain/insights.schemas';
import { categoryLabels } from '../../../../domain/messages/catalogue';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { insightsMessages as t } from '../../../../domain/messages/insights';
import { buttonClasses } from '../../../components/ui/button-styles';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatNumber } from '../../../lib/format';
import { currentYear, useInsights } from '../api/insights';
import { BarChart } from './bar-chart';
import { frenchDay, fullDay, longMonth, shortMonth } from './format';
import { GoalCard } from './goal-card';
import { ReadingCalendar } from './reading-calendar';

/**
 * 'Tes habitudes de lecture' on /achievements: the goal, the calendar, pages per week and per
 * month, books by category, the pace and the projected finish of each book in progress.
 * Its own chunk: loaded after the page's first figures.
 */
export function InsightsSection() {
  const query = useInsights();
  return (
    <section aria-labelledby="habitudes-titre" className="mt-12 md:mt-16">
      <h2 id="habitudes-titre" className="text-2xl font-semibold tracking-tight md:text-3xl">
        {t.sectionTitle}
      </h2>
      {query.data ? (
        <InsightsBody data={query.data} />
      ) : query.isError ? (
        <div role="alert" className="mt-5">
          <p>{t.loadFailed}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}
          >
            {t.retry}
          </button>
        </div>
      ) : (
        <LoadingState text={t.loading} />
      )}
    </section>
  );
}

function InsightsBody({ data }: { data: Insights }) {
  const year = currentYear();
  return (
    <div className="mt-5 grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <GoalCard
          key={data.goal ? `${data.goal.kind}-${data.goal.target}` : 'none'}
          year={year}
          goal={data.goal}
        />
      </div>
      <div className="md:col-span-2">
        <ReadingCalendar days={data.days} today={data.today} />
      </div>
      <BarChart
        title={t.weeksTitle}
        bars={data.weeks.map((w) => ({
          key: w.start,
          label: w.start.slice(8, 10),
          longLabel: fill(t.weekOf, { day: fullDay(w.start) }),
          value: w.pages,
        }))}
      />
      <BarChart
        title={t.monthsTitle}
        bars={data.months.map((m) => ({
          key: m.month,
          label: shortMonth(m.month),
          longLabel: longMonth(m.month),
          value: m.pages,
        }))}
      />
      <div className="rounded-2xl border border-line bg-paper-deep p-4">
        <h3 className="font-semibold">{t.paceTitle}</h3>
        <p className="mt-2 font-serif text-3xl font-semibold tabular-nums">
          {fill(t.pace, { pace: formatNumber(data.pace) })}
        </p>
        <p className="text-sm text-ink-soft">{t.paceHint}</p>
        <h3 className="mt-5 font-semibold">{t.categoriesTitle}</h3>
        {data.categories.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">{t.noCategories}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {data.categories.map((c) => (
              <li key={c.category} className="flex justify-between gap-3">
                <span>{categoryLabels[c.category]}</span>
                <span className="tabular-nums">{fillPlural(c.books, t.booksCount)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rounded-2xl border border-line bg-paper-deep p-4">
        <h3 className="font-semibold">{t.projectionsTitle}</h3>
        {data.projections.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">{t.noProjection}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {data.projections.map((p) => (
              <li key={p.bookId}>
                <Link to={bookPath(p.slug)} className="font-medium hover:text-accent-strong">
                  {p.title}
                </Link>
                <p className="text-sm text-ink-soft">
                  {p.finishOn
                    ? fill(t.projection, { date: frenchDay(p.finishOn, data.today) })
                    : t.noProjection}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Link
          to={`/bilan/${year}`}
          className="mt-5 inline-block font-medium text-accent-strong underline underline-offset-4"
        >
          {fill(t.reviewLink, { year })}
        </Link>
      </div>
    </div>
  );
}
