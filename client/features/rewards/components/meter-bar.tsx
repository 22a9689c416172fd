/**
 * A progress bar from 0 to `max` (XP towards the next level, pages of a challenge), named by
 * `label` and read out as `valueText` ('20 / 1000 XP') by screen readers.
 */
export function MeterBar(props: { value: number; max: number; label: string; valueText: string }) {
  const { max, label, valueText } = props;
  const value = Math.max(0, Math.min(max, props.value));
  const percent = max > 0 ? (value / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-3 w-full overflow-hidden rounded-full bg-line"
    >
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-700 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
