import { offlineMessages } from '../../domain/messages/offline';
import { showPageBanner } from '../lib/page-banner';

/**
 * The 'Nouvelle version disponible' prompt: a page banner (client/lib/page-banner.ts), so the
 * service worker's chunk stays tiny and the entry's chunks keep their shape. Polite live region:
 * announced without stealing focus.
 */
export function showUpdatePrompt(onReload: () => void): void {
  showPageBanner({
    id: 'lisons-update',
    role: 'status',
    text: offlineMessages.updateAvailable,
    action: offlineMessages.updateAction,
    onAction: onReload,
  });
}
