import { apiRequest } from '../../../lib/api-client';
import { HttpError } from '../../../lib/http-error';

/**
 * Downloads an export (GET `path`) as the file `name`. The server streams it; the browser
 * gathers it and saves it, so a failure (refusal, cut stream) is known and can be said.
 */
export async function downloadExport(path: string, name: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new HttpError({ status: response.status, message: body?.error?.message ?? '' });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const deployWebhookApi = {
  read: () => apiRequest<{ url: string | null }>('/api/admin/deploy-webhook'),
  write: (url: string) =>
    apiRequest<{ url: string | null }>('/api/admin/deploy-webhook', {
      method: 'PUT',
      body: { url },
    }),
  trigger: () =>
    apiRequest<{ message: string }>('/api/admin/deploy-webhook/trigger', { method: 'POST' }),
};
