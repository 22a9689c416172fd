import { useEffect, useState } from 'react';
import type { Review } from '../../../../domain/insights.schemas';
import { categoryLabels } from '../../../../domain/messages/catalogue';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { reviewMessages as t } from '../../../../domain/messages/insights';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatNumber } from '../../../lib/format';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useYearReview } from '../api/insights';
import { fullDay } from './format';

const dayForms = { one: '{n} jour', many: '{n} jours' };
const pageForms = { one: '{n} page', many: '{n} pages' };
const bookForms = { one: '{n} livre', many: '{n} livres' };

/** /bilan/{année}: the reader's year in review and its shareable image. */
export function YearReviewScreen({ year }: { year: number }) {
  usePageMeta({ title: fill(t.documentTitle, { year }) });
  const query = useYearReview(year);
  return (
    <div className="mx-auto max-w-4xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">
        {fill(t.title, { year })}
      </h1>
      {query.data ? (
        <ReviewBody review={query.data} />
      ) : query.isError ? (
        <ErrorState
          title={query.error.message || t.loadFailed}
          retryLabel="Réessayer"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <LoadingState text={t.loading} />
      )}
    </div>
  );
}

function ReviewBody({ review }: { review: Review }) {
  const imageUrl = new URL(review.imageUrl, window.location.origin).href;
  useOpenGraphImage(imageUrl);
  const [copied, setCopied] = useState(false);
  const figures: [string, string][] = [
    [t.booksFinished, formatNumber(review.booksFinished)],
    [t.pages, formatNumber(review.pages)],
    [t.longestStreak, fillPlural(review.longestStreak, dayForms)],
    [
      t.favouriteCategory,
      review.favouriteCategory ? categoryLabels[review.favouriteCategory] : t.none,
    ],
    [
      t.busiestDay,
      review.busiestDay
        ? `${fullDay(review.busiestDay.day)} (${fillPlural(review.busiestDay.pages, pageForms)})`
        : t.none,
    ],
  ];
  const alt = fill(t.imageAlt, {
    year: review.year,
    books: fillPlural(review.booksFinished, bookForms),
    pages: fillPlural(review.pages, pageForms),
  });
  return (
    <>
      {review.pages === 0 ? (
        <p className="mt-6 text-lg text-ink-soft">{fill(t.empty, { year: review.year })}</p>
      ) : null}
      <dl className="mt-8 grid gap-3 sm:grid-cols-2">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-line bg-paper-deep p-4">
            <dt className="text-sm font-medium text-ink-soft">{label}</dt>
            <dd className="mt-1 font-serif text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <img
        src={review.imageUrl}
        alt={alt}
        width={1200}
        height={630}
        className="mt-8 h-auto w-full rounded-2xl border border-line"
        data-testid="review-image"
      />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 text-sm font-semibold">
          {t.share}
          <input
            readOnly
            value={imageUrl}
            className="mt-1.5 block h-11 w-full rounded-xl border border-ink/25 bg-paper px-3 font-normal text-ink"
          />
        </label>
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'md' })}
          onClick={() =>
            void navigator.clipboard?.writeText(imageUrl).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t.copied : t.copy}
        </button>
      </div>
    </>
  );
}

/** The page's og:image while it is open (the server's HTML of public pages may set it too). */
function useOpenGraphImage(url: string) {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'og:image');
    meta.content = url;
    document.head.append(meta);
    return () => meta.remove();
  }, [url]);
}
