import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoverGroupFilter } from '../../../../domain/covers';
import type { AutoCoverList, CoverBatchView } from '../../../../domain/covers.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AutoCoverParams = { group: CoverGroupFilter; limit: string };

export const autoCoverKeys = {
  list: (params: AutoCoverParams) => [...queryKeys.admin, 'auto-covers', 'list', params] as const,
  lists: [...queryKeys.admin, 'auto-covers', 'list'] as const,
  batch: [...queryKeys.admin, 'auto-covers', 'batch'] as const,
};

/** GET /api/admin/auto-covers: how many books a batch would draw, and the first 10. */
export function useAutoCoverList(params: AutoCoverParams) {
  const query = new URLSearchParams({ group: params.group, limit: params.limit });
  return useQuery({
    queryKey: autoCoverKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<AutoCoverList>(`/api/admin/auto-covers?${query}`, { signal }),
    retry: false,
  });
}

/**
 * GET /api/admin/auto-covers/batch: the batch under way or the last one. The live channel
 * moves it on (use-batch-live.ts); while one runs this also polls every 3 s, in case the
 * live stream is down.
 */
export function useLatestBatch() {
  return useQuery({
    queryKey: autoCoverKeys.batch,
    queryFn: ({ signal }) =>
      apiRequest<{ batch: CoverBatchView | null }>('/api/admin/auto-covers/batch', { signal }),
    refetchInterval: (query) => (query.state.data?.batch?.status === 'running' ? 3000 : false),
  });
}

/** POST /api/admin/auto-covers/batches: starts drawing (one batch at a time). */
export function useStartBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: AutoCoverParams) =>
      apiRequest<CoverBatchView>('/api/admin/auto-covers/batches', {
        method: 'POST',
        body: params,
      }),
    onSuccess: (batch) => queryClient.setQueryData(autoCoverKeys.batch, { batch }),
  });
}
