import type {
  AddInvoiceResponse,
  BitcoinAddressResponse,
  Deposit,
  InvoiceStatusResponse,
  LightningInvoice,
} from '@bahati/contracts';
import { api } from '@/lib/api';

export const depositApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The player's deposit address (assigned on the first call). */
    getBitcoinAddress: build.query<BitcoinAddressResponse, void>({
      query: () => 'players/getbitcoinaddress',
      keepUnusedDataFor: 600,
    }),
    getDeposits: build.query<Deposit[], void>({
      query: () => 'players/deposits',
      providesTags: ['Deposit'],
    }),
    /**
     * Spec §5: the amount goes as a string. The Idempotency-Key makes a double click, or a retry after a
     * lost answer, give back the one invoice it made.
     */
    addInvoice: build.mutation<AddInvoiceResponse, { amount: string; idempotencyKey: string }>({
      query: ({ amount, idempotencyKey }) => ({ url: 'players/lightningaddinvoice', method: 'POST', body: { amount }, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['Invoice'],
    }),
    getInvoices: build.query<LightningInvoice[], void>({
      query: () => 'players/getlightninginvoices',
      providesTags: ['Invoice'],
    }),
    /** Long poll: the server answers once the invoice leaves Opened (or after ~25 s). */
    waitForInvoice: build.mutation<InvoiceStatusResponse, { id: string }>({
      query: (body) => ({ url: 'players/invoice', method: 'POST', body, timeout: 40_000 }),
    }),
  }),
});

export const {
  useLazyGetBitcoinAddressQuery,
  useGetDepositsQuery,
  useAddInvoiceMutation,
  useGetInvoicesQuery,
  useWaitForInvoiceMutation,
} = depositApi;
