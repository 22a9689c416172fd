import type { Ref } from 'react';

/** A reading progress bar, 0 to 100 %, named for screen readers by `label`. */
export function ProgressBar(props: {
  percent: number;
  label: string;
  size?: 'sm' | 'md';
  ref?: Ref<HTMLDivElement>;
}) {
  const { percent, label, size = 'sm', ref } = props;
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      ref={ref}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value} %`}
      className={`w-full overflow-hidden rounded-full bg-line ${size === 'md' ? 'h-3' : 'h-2'}`}
    >
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-500"
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
