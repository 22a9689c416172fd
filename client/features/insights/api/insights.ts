import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { localTime } from '../../../../domain/calendar';
import type { GoalKind } from '../../../../domain/insights';
import type { Goal, ImportPreview, Insights, Review } from '../../../../domain/insights.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const insightsKeys = {
  all: queryKeys.insights,
  insights: ['insights', 'me'] as const,
  goal: (year: number) => ['insights', 'goal', year] as const,
  review: (year: number) => ['insights', 'review', year] as const,
};

/** This year, in Paris time (the server judges goals in the reader's own zone). */
export const currentYear = () => Number(localTime(new Date()).day.slice(0, 4));

/** GET /api/me/insights: calendar, charts, pace, projections and this year's goal. */
export function useInsights() {
  return useQuery({
    queryKey: insightsKeys.insights,
    queryFn: ({ signal }) => apiRequest<Insights>('/api/me/insights', { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/me/goals/:year. */
export function useGoal(year: number) {
  return useQuery({
    queryKey: insightsKeys.goal(year),
    queryFn: ({ signal }) => apiRequest<{ goal: Goal | null }>(`/api/me/goals/${year}`, { signal }),
    staleTime: 60_000,
  });
}

/** PUT (set) or DELETE (remove) /api/me/goals/:year; every insight is read again after. */
export function useSaveGoal(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: { kind: GoalKind; target: number } | null): Promise<unknown> =>
      goal
        ? apiRequest<{ goal: Goal | null }>(`/api/me/goals/${year}`, { method: 'PUT', body: goal })
        : apiRequest<{ message: string }>(`/api/me/goals/${year}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
  });
}

/** GET /api/me/reviews/:year. */
export function useYearReview(year: number) {
  return useQuery({
    queryKey: insightsKeys.review(year),
    queryFn: ({ signal }) => apiRequest<Review>(`/api/me/reviews/${year}`, { signal }),
  });
}

/** POST /api/me/imports/preview: what the file would add (nothing written). */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<ImportPreview>('/api/me/imports/preview', { method: 'POST', body: { csv } }),
  });
}

/** POST /api/me/imports: adds the matched books; the list and insights are read again. */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<{ message: string; added: number }>('/api/me/imports', {
        method: 'POST',
        body: { csv },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.readingList }),
        queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
      ]),
  });
}
