import type { Brand } from '@bahati/contracts';
import { api } from '../api';

/** `null` asks for the default brand (the server knows which one it is). */
export type BrandRequest = string | null;

export const brandApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A brand to draw the app with (public; an unknown id answers 404). */
    getBrand: build.query<Brand, BrandRequest>({
      query: (id) => (id === null ? 'players/brand' : `players/brand?id=${encodeURIComponent(id)}`),
      providesTags: (result, _error, id) => [{ type: 'Brand', id: result?.id ?? id ?? '' }],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetBrandQuery } = brandApi;
