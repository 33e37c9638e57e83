import { LEDGER_PAGE_LIMIT_DEFAULT, type LedgerPage, type LedgerQuery, type Shoe } from '@bahati/contracts';
import { api } from '@/lib/api';

export const ledgerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The player's local day (d, m, y and o = getTimezoneOffset() of that day), a page at a time, newest line
     * first; each page carries the whole day's totals. The next page starts where the last one ended.
     */
    getLedgerPage: build.infiniteQuery<LedgerPage, LedgerQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last) => (last.offset + last.items.length < last.total && last.items.length > 0 ? last.offset + last.items.length : undefined),
      },
      query: ({ queryArg: { d, m, y, o }, pageParam }) => ({
        url: 'players/ledger/page',
        params: { d, m, y, o, offset: pageParam, limit: LEDGER_PAGE_LIMIT_DEFAULT },
      }),
      providesTags: ['Ledger'],
    }),
    /** The shoe a hand was dealt from (ActiveHand while it is still in use). */
    getHandShoe: build.query<Shoe, string>({
      query: (handId) => `hands/${encodeURIComponent(handId)}/shoe`,
      providesTags: (result) => (result ? [{ type: 'Shoe', id: result.id }] : []),
    }),
  }),
});

export const { useGetLedgerPageInfiniteQuery, useGetHandShoeQuery } = ledgerApi;
