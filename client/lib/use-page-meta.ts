import { useEffect } from 'react';
import { pageTitle } from '../../domain/messages/shell';

let defaultDescription: string | null = null;

function descriptionTag(): HTMLMetaElement | null {
  return document.head.querySelector('meta[name="description"]');
}

/**
 * Sets the tab title ('<title> · Lisons') and, when given, the meta description of the
 * current page; the description of index.html comes back when the page goes away.
 */
export function usePageMeta(options: { title: string; description?: string }): void {
  const { title, description } = options;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    const tag = descriptionTag();
    if (!tag || description === undefined) return;
    defaultDescription ??= tag.content;
    tag.content = description;
    return () => {
      if (defaultDescription !== null) tag.content = defaultDescription;
    };
  }, [description]);
}
