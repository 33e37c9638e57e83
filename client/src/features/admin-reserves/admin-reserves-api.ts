import type { LiabilityCommitmentView, ReservesView } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminReservesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the watch-only server sees of the coins held, beside the newest commitment and the banks now (read from the sources on each ask). */
    getReserves: build.query<ReservesView, void>({
      query: () => 'admin/reserves',
      providesTags: ['Reserves'],
    }),
    /** A commitment to every bank now, besides the daily one: the reserves' ratio, the public list and each player's proof move to it. */
    commitLiabilities: build.mutation<LiabilityCommitmentView, void>({
      query: () => ({ url: 'admin/liabilities', method: 'POST' }),
      invalidatesTags: (result) => (result ? ['Reserves', 'Liabilities', 'LiabilityProof'] : []),
    }),
  }),
});

export const { useGetReservesQuery, useCommitLiabilitiesMutation } = adminReservesApi;
