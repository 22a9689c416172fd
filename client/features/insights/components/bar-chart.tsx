import { useState } from 'react';
import { insightsMessages as t } from '../../../../domain/messages/insights';
import { formatNumber } from '../../../lib/format';

export type Bar = { key: string; label: string; longLabel: string; value: number };

/**
 * Bars drawn in SVG (no chart library), with their figures as a table for screen readers
 * and for whoever opens 'Voir le tableau'.
 */
export function BarChart(props: { title: string; bars: Bar[] }) {
  const [open, setOpen] = useState(false);
  const max = Math.max(1, ...props.bars.map((b) => b.value));
  const width = 100 / Math.max(1, props.bars.length);
  return (
    <figure className="rounded-2xl border border-line bg-paper-deep p-4">
      <figcaption className="font-semibold">{props.title}</figcaption>
      <svg
        viewBox="0 0 100 44"
        preserveAspectRatio="none"
        className="mt-3 h-32 w-full"
        aria-hidden="true"
        focusable="false"
      >
        {props.bars.map((bar, i) => {
          const h = (bar.value / max) * 40;
          return (
            <rect
              key={bar.key}
              x={i * width + width * 0.15}
              y={42 - h}
              width={width * 0.7}
              height={Math.max(h, bar.value > 0 ? 0.8 : 0)}
              rx="0.6"
              className="fill-accent"
            />
          );
        })}
        <line x1="0" x2="100" y1="42.2" y2="42.2" className="stroke-line" strokeWidth="0.4" />
      </svg>
      <div aria-hidden="true" className="mt-1 flex text-xs text-ink-soft">
        {props.bars.map((bar, i) => (
          <span key={bar.key} className="flex-1 text-center">
            {i % 2 === 0 ? bar.label : ''}
          </span>
        ))}
      </div>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="mt-3 min-h-11 text-sm font-medium text-accent-strong underline underline-offset-4"
      >
        {t.showTable}
      </button>
      {/* Always read by screen readers; shown on demand to everyone else. */}
      <table className={open ? 'mt-2 w-full text-left text-sm' : 'sr-only'}>
        <caption className="sr-only">{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{t.periodColumn}</th>
            <th scope="col" className="text-right">
              {t.pagesColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.bars.map((bar) => (
            <tr key={bar.key} className="border-t border-line">
              <td>{bar.longLabel}</td>
              <td className="text-right tabular-nums">{formatNumber(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
