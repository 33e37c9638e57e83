import type { AnalyticsReport } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminAnalyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<AnalyticsReport, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: 'admin/analytics', params: { from, to } }),
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useGetAnalyticsQuery } = adminAnalyticsApi;
