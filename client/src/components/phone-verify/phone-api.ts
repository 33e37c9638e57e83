import type {
  DevPhoneCodeResponse,
  PhoneVerifyRequest,
  PhoneVerifyResponse,
  VerifyCodeRequest,
  VerifyCodeResponse,
} from '@bahati/contracts';
import { api } from '@/lib/api';

/** Phone verification is shared: the deposit, withdraw and game screens all open the same dialog. */
export const phoneApi = api.injectEndpoints({
  endpoints: (build) => ({
    beginPhoneVerify: build.mutation<PhoneVerifyResponse, PhoneVerifyRequest>({
      query: (body) => ({ url: 'players/beginphoneverify', method: 'POST', body }),
    }),
    verifyPhoneCode: build.mutation<VerifyCodeResponse, VerifyCodeRequest>({
      query: (body) => ({ url: 'players/verifycode', method: 'POST', body }),
      invalidatesTags: (result) => (result?.status === 'Approved' ? ['Player'] : []),
    }),
    /** Which deployment this is: the development code banner never shows in production. */
    getDeploymentEnvironment: build.query<string, void>({
      query: () => 'config',
      transformResponse: (config: { environment?: string }) => config.environment ?? 'production',
      keepUnusedDataFor: 3600,
    }),
    /** The stand-in's last code for a number (development only). */
    getDevPhoneCode: build.query<DevPhoneCodeResponse, string>({
      query: (phoneNumber) => ({ url: 'dev/phone-code', params: { phoneNumber } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useBeginPhoneVerifyMutation, useVerifyPhoneCodeMutation, useGetDeploymentEnvironmentQuery, useLazyGetDevPhoneCodeQuery } =
  phoneApi;
