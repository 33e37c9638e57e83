import type { DevIdTokenRequest, DevIdTokenResponse, LoginRequest, LoginResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestDevIdToken: build.mutation<DevIdTokenResponse, DevIdTokenRequest>({
      query: (body) => ({ url: 'dev/id-token', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'players/login', method: 'POST', body }),
    }),
  }),
});

export const { useRequestDevIdTokenMutation, useLoginMutation } = authApi;
