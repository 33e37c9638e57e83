import type { CreateRedeemCodeRequest, RedeemCodeView } from '@bahati/contracts';
import { api } from '@/lib/api';

export const adminRedeemCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRedeemCodes: build.query<RedeemCodeView[], void>({
      query: () => 'admin/redeem-codes',
      providesTags: ['RedeemCode'],
    }),
    createRedeemCode: build.mutation<RedeemCodeView, CreateRedeemCodeRequest>({
      query: (body) => ({ url: 'admin/redeem-codes', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['RedeemCode'] : []),
    }),
  }),
});

export const { useGetRedeemCodesQuery, useCreateRedeemCodeMutation } = adminRedeemCodesApi;
