import { LoaderCircleIcon } from './icons';

// Drawn inline, not with lucide-react: the header's menu button shows it while its code
// loads (client/lib/lazy-chunk.ts), so it is in every page's entry, and lucide-react's
// runtime (1.2 KB gzip on the landing, measured) would take it over its budget (decision 005).

/** A turning circle for work in progress (decorative: the text beside it says what). */
export function Spinner({ size = 18, className = '' }: { size?: number; className?: string }) {
  return <LoaderCircleIcon size={size} className={`animate-spin ${className}`.trim()} />;
}
