import { useState } from 'react';
import { coverSrcSets } from '../../../domain/covers';

/** Covers are 512×768 (2:3): the box keeps that ratio so nothing moves while they load. */
const COVER_WIDTH = 512;
const COVER_HEIGHT = 768;

export type CoverSource = {
  title: string;
  author?: string | undefined;
  coverUrl: string | null;
  coverWebpUrl: string | null;
};

/**
 * A book cover: AVIF, then WebP, then JPEG, each at 256 and 512 px wide (the browser picks by
 * `sizes`; content-hashed files, decision 026), or, when the book has none (or it fails to load),
 * a paper placeholder with the title. Without `alt` the cover is decorative (the title is
 * written next to it). `eager` for covers above the fold.
 */
export function BookCover(props: {
  book: CoverSource;
  alt?: string;
  eager?: boolean;
  className?: string;
  /** How wide the cover shows, for the browser's choice among the widths. */
  sizes?: string;
}) {
  const {
    book,
    alt,
    eager = false,
    className = '',
    sizes = '(min-width: 768px) 256px, 50vw',
  } = props;
  const [failed, setFailed] = useState(false);
  const hasImage = Boolean(book.coverUrl) && !failed;
  const sets = coverSrcSets(book.coverUrl);
  return (
    <div
      className={`@container relative aspect-[2/3] overflow-hidden rounded-md bg-paper-deep shadow-[0_1px_2px_rgb(28_24_19/0.12),0_6px_16px_-6px_rgb(28_24_19/0.25)] ${className}`}
    >
      {hasImage ? (
        <picture>
          {sets ? <source type="image/avif" srcSet={sets.avif} sizes={sizes} /> : null}
          {sets ? (
            <source type="image/webp" srcSet={sets.webp} sizes={sizes} />
          ) : book.coverWebpUrl ? (
            <source type="image/webp" srcSet={book.coverWebpUrl} />
          ) : null}
          <img
            src={book.coverUrl ?? undefined}
            srcSet={sets?.jpg}
            sizes={sets ? sizes : undefined}
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            alt={alt ?? ''}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            onError={() => setFailed(true)}
            className="size-full object-cover"
          />
        </picture>
      ) : (
        <CoverPlaceholder book={book} alt={alt} />
      )}
    </div>
  );
}

function CoverPlaceholder({ book, alt }: { book: CoverSource; alt: string | undefined }) {
  return (
    <div
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      className="flex size-full flex-col justify-between border-l-[6px] border-accent/70 bg-linear-to-br from-paper-deep to-line/70 p-[9%] text-ink"
    >
      <span className="line-clamp-4 font-serif text-[clamp(0.7rem,4.5cqw,1.15rem)] font-semibold leading-snug [overflow-wrap:anywhere]">
        {book.title}
      </span>
      {book.author ? (
        <span className="line-clamp-2 text-[clamp(0.6rem,3.5cqw,0.85rem)] text-ink-soft">
          {book.author}
        </span>
      ) : null}
    </div>
  );
}
