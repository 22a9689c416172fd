import { Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { buttonClasses } from '../../../components/ui/button-styles';

/**
 * Shares the article with the system's share sheet (Web Share API), or copies its link where
 * there is none: a cancelled share says nothing. `onShared` is told of a
 * share that went through (the server counts it).
 */
export async function shareArticle(
  data: { title: string; text: string; url: string },
  onShared: () => void,
): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      toast.success(m.shared);
      onShared();
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast.error(m.shareError);
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(data.url);
    toast.success(m.linkCopied);
    onShared();
  } catch {
    toast.error(m.copyError);
  }
}

/** `path` is the article's own address (its canonical one, whatever the current URL holds). */
export function ShareButton(props: {
  title: string;
  text: string;
  path: string;
  onShared: () => void;
}) {
  return (
    <button
      type="button"
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      onClick={() =>
        void shareArticle(
          { title: props.title, text: props.text, url: `${window.location.origin}${props.path}` },
          props.onShared,
        )
      }
    >
      <Share2 aria-hidden="true" size={16} />
      {m.share}
    </button>
  );
}
