import type { AuditAction, AuditLogPage } from '@bahati/contracts';
import { api } from '@/lib/api';

/** The audit log's filters as the page keeps them in its address (empty = not filtered). */
export interface AuditFilters {
  action: AuditAction | '';
  staff: string;
  player: string;
  from: string;
  to: string;
}

/** The query string of the filters that are set. */
export function filterParams(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Record<string, string>;
}

export const adminAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogPage, AuditFilters & { offset: number; limit: number }>({
      query: ({ offset, limit, ...filters }) => ({ url: 'admin/audit-log', params: { ...filterParams(filters), offset, limit } }),
      keepUnusedDataFor: 30,
    }),
    /** Every row matching the filters, as the server writes the CSV. */
    exportAuditLog: build.query<string, AuditFilters>({
      query: (filters) => ({ url: 'admin/audit-log.csv', params: filterParams(filters), responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditLogQuery, useLazyExportAuditLogQuery } = adminAuditApi;
