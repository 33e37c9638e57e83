import type { LedgerEntry, LedgerQuery, Shoe } from '@bahati/contracts';
import { api } from '@/lib/api';

export const ledgerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The player's local day: d, m, y and o = getTimezoneOffset() of that day. */
    getLedger: build.query<LedgerEntry[], LedgerQuery>({
      query: ({ d, m, y, o }) => ({ url: 'players/ledger', params: { d, m, y, o } }),
      providesTags: ['Ledger'],
    }),
    /** The shoe a hand was dealt from (ActiveHand while it is still in use). */
    getHandShoe: build.query<Shoe, string>({
      query: (handId) => `hands/${encodeURIComponent(handId)}/shoe`,
      providesTags: (result) => (result ? [{ type: 'Shoe', id: result.id }] : []),
    }),
  }),
});

export const { useGetLedgerQuery, useGetHandShoeQuery } = ledgerApi;
