import { ArrowDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { PROGRESS_SCROLL_DELAY_MS } from '../../../../domain/book-display';
import type { ReadingProgressView } from '../../../../domain/books.schemas';
import { bookDetailMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { ProgressBar } from '../../../components/ui/progress-bar';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * The reader's progress on a book page (docs/architecture.md#screens): the percent, segments
 * and jokers; 350 ms after it appears with some progress it scrolls itself into view (at
 * once, without animation, for readers who prefer reduced motion), and between 1 and 99 %
 * an arrow points down to what comes next.
 */
export function ReadingProgressPanel(props: {
  progress: ReadingProgressView;
  expected: number;
  /** False: the page has something more urgent to show (a refusal), the bar stays put. */
  autoScroll?: boolean;
}) {
  const { progress, expected, autoScroll = true } = props;
  const percent = progress.progressPercent;
  const barRef = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);

  useEffect(() => {
    if (!autoScroll || scrolled.current || percent <= 0) return;
    scrolled.current = true;
    const timer = setTimeout(() => {
      barRef.current?.scrollIntoView?.({
        behavior: prefersReducedMotion() ? 'auto' : 'smooth',
        block: 'center',
      });
    }, PROGRESS_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [percent, autoScroll]);

  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <h2 className="font-sans text-base font-semibold">{t.progressTitle}</h2>
        <p className="font-serif text-2xl font-semibold text-accent-strong">
          {fill(t.percent, { percent })}
        </p>
      </div>
      <div className="mt-2">
        <ProgressBar ref={barRef} percent={percent} label={t.progressLabel} size="md" />
      </div>
      <p className="mt-2 text-sm text-ink-soft">
        {fill(t.segmentsDone, { done: progress.segmentsValidated, total: expected })}
      </p>
      <p className="text-sm text-ink-soft">
        {progress.jokersAllowed > 0
          ? fill(t.jokers, { used: progress.jokersUsed, allowed: progress.jokersAllowed })
          : t.noJokers}
      </p>
      {percent >= 1 && percent <= 99 ? (
        <p className="mt-3 text-sm font-medium">
          <ArrowDown
            size={18}
            aria-hidden="true"
            data-testid="progress-arrow"
            className="mr-1.5 inline-block text-accent motion-safe:animate-bounce"
          />
          {fill(t.nextSegment, {
            segment: progress.currentSegment,
            page: progress.nextSegmentPage,
          })}
        </p>
      ) : null}
    </div>
  );
}
