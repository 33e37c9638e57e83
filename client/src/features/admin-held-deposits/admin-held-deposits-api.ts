import type { HeldDeposit, RefundHeldDepositRequest, ReleaseHeldDepositRequest, RetryHeldDepositRefundRequest } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminHeldDepositsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHeldDeposits: build.query<HeldDeposit[], void>({
      query: () => 'admin/held-deposits',
      providesTags: ['HeldDeposit'],
    }),
    /** Credits one, with a reason (and `confirmPastLimit` while it passes the limit). Answers the held deposits. */
    releaseHeldDeposit: build.mutation<HeldDeposit[], ReleaseHeldDepositRequest>({
      query: (body) => ({ url: 'admin/held-deposits/release', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['HeldDeposit', 'AdminPlayer'] : []),
    }),
    /** Sends one back to `target`, with a reason. A failed payout is recorded too, so the list is fetched again either way. */
    refundHeldDeposit: build.mutation<HeldDeposit[], RefundHeldDepositRequest>({
      query: (body) => ({ url: 'admin/held-deposits/refund', method: 'POST', body }),
      invalidatesTags: ['HeldDeposit'],
    }),
    retryHeldDepositRefund: build.mutation<HeldDeposit[], RetryHeldDepositRefundRequest>({
      query: (body) => ({ url: 'admin/held-deposits/refund-retry', method: 'POST', body }),
      invalidatesTags: ['HeldDeposit'],
    }),
  }),
});

export const { useGetHeldDepositsQuery, useReleaseHeldDepositMutation, useRefundHeldDepositMutation, useRetryHeldDepositRefundMutation } = adminHeldDepositsApi;
