import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody } from '../../../../domain/account.schemas';
import type { MessageResponse } from '../../../../domain/api.schemas';
import { apiRequest, toHttpError } from '../../../lib/api-client';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeBody) =>
      apiRequest<MessageResponse>('/api/account/password', { method: 'POST', body }),
  });

export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiRequest<MessageResponse>('/api/account/delete', { method: 'POST', body: { password } }),
  });

/** Downloads one of the account's exports under the server's file name. */
export async function downloadExport(path: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    throw toHttpError(response.status, await response.json().catch(() => undefined));
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'lisons-export';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
