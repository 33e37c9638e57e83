import type { LedgerDayReport, LedgerRepairResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

export interface LedgerDayArgs {
  playerId: string;
  /** YYYY-MM-DD */
  date: string;
  /** ±HH:MM */
  tz: string;
}

export const adminSupportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Folded from the player's events on every request: the screen always compares against the store as it is now. */
    getLedgerDay: build.query<LedgerDayReport, LedgerDayArgs>({
      query: ({ playerId, date, tz }) => ({ url: `admin/players/${encodeURIComponent(playerId)}/ledger`, params: { date, tz } }),
      providesTags: (_result, _error, { playerId, date, tz }) => [{ type: 'LedgerDay', id: `${playerId}|${date}|${tz}` }],
      keepUnusedDataFor: 0,
    }),
    repairLedgerDay: build.mutation<LedgerRepairResponse, LedgerDayArgs & { reason: string }>({
      query: ({ playerId, date, tz, reason }) => ({ url: `admin/players/${encodeURIComponent(playerId)}/ledger`, method: 'POST', params: { date, tz }, body: { repair: true, reason } }),
      // The answer carries the day as it is after the repair.
      async onQueryStarted({ reason: _reason, ...args }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(adminSupportApi.util.upsertQueryData('getLedgerDay', args, data.report));
        } catch {
          // The screen shows the refusal.
        }
      },
    }),
  }),
});

export const { useGetLedgerDayQuery, useRepairLedgerDayMutation } = adminSupportApi;
