import type { HandAudit } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminHandsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Replayed from the event store on every request: a fresh look each time the screen opens. */
    getHandAudit: build.query<HandAudit, string>({
      query: (handId) => `admin/hands/${encodeURIComponent(handId)}/audit`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetHandAuditQuery } = adminHandsApi;
