import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditTrail } from '../../../../domain/admin-audit.schemas';
import { apiRequest } from '../../../lib/api-client';

export type AuditFilters = {
  admin: string;
  action: string;
  entity: string;
  from: string;
  to: string;
  page: number;
};

export function useAuditTrail(filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin-audit-trail', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page) });
      for (const key of ['admin', 'action', 'entity', 'from', 'to'] as const) {
        if (filters[key]) query.set(key, filters[key]);
      }
      return apiRequest<AuditTrail>(`/api/admin/audit-trail?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
