import { useEffect } from 'react';
import { BLOG_READING_EVENT_MIN_SECONDS } from '../../../domain/blog';
import { recordBlogEvent } from './blog-queries';

/**
 * page_view when an article opens; reading_time (seconds the tab was visible) when the
 * reader leaves it, hides the tab or closes it, only above 5 s (docs/architecture.md#blog).
 */
export function useReadingEvents(slug: string | null): void {
  useEffect(() => {
    if (!slug) return;
    recordBlogEvent(slug, { name: 'page_view' });
    let visibleMs = 0;
    let since: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    const pause = () => {
      if (since !== null) visibleMs += Date.now() - since;
      since = null;
    };
    const flush = () => {
      pause();
      const seconds = Math.round(visibleMs / 1000);
      if (seconds > BLOG_READING_EVENT_MIN_SECONDS) {
        recordBlogEvent(slug, { name: 'reading_time', seconds: Math.min(seconds, 24 * 3600) });
      }
      visibleMs = 0;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
      else since = Date.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [slug]);
}
