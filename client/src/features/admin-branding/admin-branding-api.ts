import type { AdminBrand, Brand, BrandPreviewResponse, BrandSaveResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

const LIST = { type: 'Brand' as const, id: 'LIST' };

export const adminBrandingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every brand, retired ones too, to choose one to edit. */
    getBrands: build.query<AdminBrand[], void>({
      query: () => 'admin/brands',
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
              if (at >= 0) brands[at] = { ...data.brand, retired: brands[at]!.retired };
              else brands.push({ ...data.brand, retired: null });
            }),
          );
        } catch {
          // A refused save changes nothing.
        }
      },
    }),
    /** The brand checked and sanitised as a save would, nothing stored: the drawings as kept, and those left blank. */
    previewBrand: build.mutation<BrandPreviewResponse, Brand>({
      query: (body) => ({ url: 'admin/brands/preview', method: 'POST', body }),
    }),
    /** Retires a brand with a reason: players asking for it get the default brand. */
    retireBrand: build.mutation<AdminBrand, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `admin/brands/${encodeURIComponent(id)}/retire`, method: 'POST', body: { reason } }),
      invalidatesTags: (result) => (result ? [LIST, { type: 'Brand', id: result.id }] : []),
    }),
  }),
});

export const { useGetBrandsQuery, useSaveBrandMutation, usePreviewBrandMutation, useRetireBrandMutation } = adminBrandingApi;
