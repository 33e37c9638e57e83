import type { Brand, BrandSaveResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

const LIST = { type: 'Brand' as const, id: 'LIST' };

export const adminBrandingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every brand, to choose one to edit. */
    getBrands: build.query<Brand[], void>({
      query: () => 'players/brands',
      providesTags: [LIST],
    }),
    /** Stores the whole brand (new or changed); the answer is the brand as stored, sanitised. */
    saveBrand: build.mutation<BrandSaveResponse, Brand>({
      query: (body) => ({ url: 'players/brand', method: 'POST', body }),
      // The app redraws itself if it is drawn with this brand.
      invalidatesTags: (result) => (result ? [{ type: 'Brand', id: result.brand.id }] : []),
      async onQueryStarted(_brand, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            adminBrandingApi.util.updateQueryData('getBrands', undefined, (brands) => {
              const at = brands.findIndex((b) => b.id === data.brand.id);
              if (at >= 0) brands[at] = data.brand;
              else brands.push(data.brand);
            }),
          );
        } catch {
          // A refused save changes nothing.
        }
      },
    }),
  }),
});

export const { useGetBrandsQuery, useSaveBrandMutation } = adminBrandingApi;
