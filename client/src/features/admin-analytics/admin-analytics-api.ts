import type { AnalyticsReport } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminAnalyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<AnalyticsReport, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: 'admin/analytics', params: { from, to } }),
      keepUnusedDataFor: 120,
    }),
    /** The page's tables as the server writes the CSV. */
    exportAnalytics: build.query<string, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: 'admin/analytics.csv', params: { from, to }, responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAnalyticsQuery, useLazyExportAnalyticsQuery } = adminAnalyticsApi;
