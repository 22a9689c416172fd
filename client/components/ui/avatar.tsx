import { useState } from 'react';
import { initials } from '../../../domain/accounts';
import { avatarSources } from '../../../domain/avatars';

const sizes = {
  sm: { box: 'size-10', text: 'text-sm', pixels: 40 },
  lg: { box: 'size-20 md:size-24', text: 'text-2xl md:text-3xl', pixels: 96 },
} as const;

type Props = {
  name: string;
  size?: keyof typeof sizes;
  /** The reader's `avatarUrl`; without one, or if it fails to load, the initials show. */
  src?: string | null;
};

/**
 * A reader's photo, or their initials in a round badge (docs/architecture.md#display-name).
 * Decorative: the name is always written next to it or in the accessible name of its button.
 * The photo comes as AVIF or WebP, 96 px for the small badge and 256 px for the large one
 * (sharp on hi-dpi screens); see domain/avatars.ts for the URLs.
 */
export function Avatar({ name, size = 'sm', src }: Props) {
  // The URL that failed, so a new photo is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const { box, text, pixels } = sizes[size];

  if (src && failed !== src) {
    const sources = avatarSources(src);
    const [avif, webp] = !sources
      ? [null, src]
      : size === 'sm'
        ? [sources.avif96, sources.webp96]
        : [sources.avif256, sources.webp256];
    return (
      <picture className={`inline-flex shrink-0 ${box}`}>
        {avif ? <source type="image/avif" srcSet={avif} /> : null}
        {avif ? <source type="image/webp" srcSet={webp} /> : null}
        <img
          src={webp}
          alt=""
          width={pixels}
          height={pixels}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
          className={`${box} rounded-full bg-paper-deep object-cover`}
        />
      </picture>
    );
  }

  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-accent font-semibold leading-none text-paper ${box} ${text}`}
    >
      {initials(name)}
    </span>
  );
}
