import type { BlogImage as Image } from '../../../../domain/blog.schemas';
import { LogoMark } from '../../../components/ui/logo';

/**
 * A post's hero image: AVIF, then WebP, then JPEG, each at three widths, its size set so nothing
 * moves while it loads. Without one, the product's logo on paper (docs/architecture.md#blog).
 */
export function BlogImage(props: {
  image: Image | null;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const { image, sizes, priority = false, className = '' } = props;
  if (!image) {
    return (
      <div
        className={`flex aspect-video items-center justify-center bg-paper-deep ${className}`}
        aria-hidden="true"
      >
        <LogoMark size={72} />
      </div>
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.jpeg}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={`aspect-video h-auto w-full object-cover ${className}`}
      />
    </picture>
  );
}
