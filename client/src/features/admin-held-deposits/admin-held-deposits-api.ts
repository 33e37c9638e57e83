import type { HeldDeposit, ReleaseHeldDepositRequest } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminHeldDepositsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHeldDeposits: build.query<HeldDeposit[], void>({
      query: () => 'admin/held-deposits',
      providesTags: ['HeldDeposit'],
    }),
    /** Answers what is still held. */
    releaseHeldDeposit: build.mutation<HeldDeposit[], ReleaseHeldDepositRequest>({
      query: (body) => ({ url: 'admin/held-deposits/release', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['HeldDeposit', 'AdminPlayer'] : []),
    }),
  }),
});

export const { useGetHeldDepositsQuery, useReleaseHeldDepositMutation } = adminHeldDepositsApi;
