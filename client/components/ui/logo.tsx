import { bookPaths, brandColors } from './brand';

/** The Lisons mark (decorative: the text next to it names the link). */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <rect width="64" height="64" rx="14" fill={brandColors.accent} />
      <path d={bookPaths.leftPage} fill={brandColors.paper} />
      <path d={bookPaths.rightPage} fill={brandColors.paperShade} />
      <path
        d={bookPaths.lines}
        fill="none"
        stroke={brandColors.accent}
        strokeWidth="1.8"
        strokeLinecap="round"
        opacity=".55"
      />
    </svg>
  );
}
