import { LoaderCircle } from 'lucide-react';

/** A turning circle for work in progress (decorative: the text beside it says what). */
export function Spinner({ size = 18, className = '' }: { size?: number; className?: string }) {
  return <LoaderCircle size={size} className={`animate-spin ${className}`} aria-hidden="true" />;
}
