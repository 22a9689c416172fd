import { useQueryClient } from '@tanstack/react-query';
import type { CoverBatchView } from '../../../../domain/covers.schemas';
import { useLiveEvent } from '../../../lib/live';
import { queryKeys } from '../../../lib/query-keys';
import { autoCoverKeys } from './auto-covers-api';

/**
 * The batch's progress from the live channel ('covers.progress'): shown at once; an event
 * older than what is shown (fewer books done) is ignored. When the batch ends, the list of
 * books still to draw and every cover shown elsewhere are reloaded.
 */
export function useBatchLive() {
  const queryClient = useQueryClient();
  useLiveEvent('covers.progress', (data) => {
    const batch = data as CoverBatchView;
    const shown = queryClient.getQueryData<{ batch: CoverBatchView | null }>(
      autoCoverKeys.batch,
    )?.batch;
    if (shown?.id === batch.id && shown.processed > batch.processed) return;
    queryClient.setQueryData(autoCoverKeys.batch, { batch });
    if (batch.status === 'done') {
      for (const queryKey of [
        autoCoverKeys.lists,
        queryKeys.books,
        queryKeys.explores,
        queryKeys.searches,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  });
}
