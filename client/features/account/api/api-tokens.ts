import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../domain/api.schemas';
import type {
  ApiTokenCreate,
  ApiTokenCreated,
  ApiTokenList,
} from '../../../../domain/api-tokens.schemas';
import { apiRequest } from '../../../lib/api-client';

const key = ['account', 'api-tokens'] as const;

/** The reader's personal API tokens, without their secrets. */
export const useApiTokens = () =>
  useQuery({ queryKey: key, queryFn: () => apiRequest<ApiTokenList>('/api/account/tokens') });

/** Creates a token: the answer carries its secret, this once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) =>
      apiRequest<ApiTokenCreated>('/api/account/tokens', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Revokes a token: it stops working at once. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(`/api/account/tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
