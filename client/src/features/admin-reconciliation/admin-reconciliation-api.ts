import type { ReconciliationRepairResponse, ReconciliationReport, ReconciliationRun } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminReconciliationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The last run any instance stored (the server checks on its own every RECONCILE_INTERVAL_MINUTES). */
    getReconciliation: build.query<ReconciliationReport, void>({
      query: () => 'admin/reconciliation',
      providesTags: ['Reconciliation'],
    }),
    runReconciliation: build.mutation<ReconciliationRun, void>({
      query: () => ({ url: 'admin/reconciliation/run', method: 'POST' }),
      // The answer is the new last run.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(adminReconciliationApi.util.upsertQueryData('getReconciliation', undefined, { lastRun: data }));
        } catch {
          // The screen shows the refusal.
        }
      },
    }),
    rebuildPlayer: build.mutation<ReconciliationRepairResponse, { playerId: string; reason: string }>({
      query: ({ playerId, reason }) => ({ url: `admin/reconciliation/${encodeURIComponent(playerId)}/repair`, method: 'POST', body: { reason } }),
      // The player leaves the last run's differences; their bank is shown anew everywhere.
      invalidatesTags: (result) => (result ? ['Reconciliation', 'AdminPlayer', 'Bank', 'Ledger'] : []),
    }),
  }),
});

export const { useGetReconciliationQuery, useRunReconciliationMutation, useRebuildPlayerMutation } = adminReconciliationApi;
