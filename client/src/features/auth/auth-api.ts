import type { DevIdTokenRequest, DevIdTokenResponse, LoginRequest, LoginResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

/** GET /api/config: how players sign in on this deployment. */
export interface ClientConfig {
  googleClientId: string | null;
  devIdentity: boolean;
  environment: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClientConfig: build.query<ClientConfig, void>({
      query: () => 'config',
      providesTags: ['Config'],
      keepUnusedDataFor: 3600,
    }),
    requestDevIdToken: build.mutation<DevIdTokenResponse, DevIdTokenRequest>({
      query: (body) => ({ url: 'dev/id-token', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'players/login', method: 'POST', body }),
    }),
  }),
});

export const { useGetClientConfigQuery, useRequestDevIdTokenMutation, useLoginMutation } = authApi;
