import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReaderSummary } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/blocks: the readers the signed-in reader blocked. */
export function getBlocks(signal?: AbortSignal): Promise<{ items: ReaderSummary[] }> {
  return apiRequest('/api/blocks', { signal });
}

export function useBlocks() {
  return useQuery({
    queryKey: queryKeys.blocks,
    queryFn: ({ signal }) => getBlocks(signal).then((data) => data.items),
  });
}

/** PUT /api/blocks/:id blocks a reader (and ends follows both ways), DELETE unblocks. */
export function setBlock(input: { userId: string; block: boolean }): Promise<{ blocked: boolean }> {
  return apiRequest(`/api/blocks/${encodeURIComponent(input.userId)}`, {
    method: input.block ? 'PUT' : 'DELETE',
  });
}

/**
 * Block or unblock. Not optimistic: the reader confirmed it, and a block changes the
 * profile, the lists, the feed and the suggestions, all reloaded from the server.
 */
export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlock,
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.profiles,
        queryKeys.blocks,
        queryKeys.followLists,
        queryKeys.discover,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
