import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { TFunction } from 'i18next';
import { ERROR_CODES, MAX_BET, MIN_BET, type ApiErrorBody, type Bonus, type ErrorCode, type Hand, type Player, type PlayerLimits, type PriceFigure, type Shoe } from '@bahati/contracts';
import { currentFormats } from '@/i18n/intl';
import { selectJwt, sessionExpired, signOutStarted, type SessionRootState } from './session';

/** `GET /api/config`: how players sign in on this deployment, and the mailboxes the information pages name. */
export interface ClientConfig {
  googleClientId: string | null;
  devIdentity: boolean;
  environment: string;
  contactEmails: { support: string; privacy: string; dataProtection: string; marketing: string };
  /** The network withdrawals are paid on: addresses and payment requests of another are refused at the field. */
  bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest';
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const jwt = selectJwt(getState() as SessionRootState);
    if (jwt) headers.set('Authorization', `Bearer ${jwt}`);
    return headers;
  },
});

const SIGN_OUT_PATH = 'players/logout';
const SIGN_OUT_EVERYWHERE_PATH = 'players/logout-all';

/** Any 401 ends the session: the player is cleared and the shell goes to /authentication. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const sentWith = selectJwt(api.getState() as SessionRootState);
  const result = await rawBaseQuery(args, api, extraOptions);
  const url = typeof args === 'string' ? args : args.url;
  // A 401 for a token that has since been replaced (a newer sign-in) must not end the new session, and a
  // request sent with no session at all (one still in flight at sign-out) has no session to end. A sign-out
  // answered 401 (the session had already ended) is still the player's own sign-out, not an expiry.
  const signingOut = url === SIGN_OUT_PATH || url === SIGN_OUT_EVERYWHERE_PATH;
  if (result.error?.status === 401 && !signingOut && sentWith !== null && selectJwt(api.getState() as SessionRootState) === sentWith) {
    api.dispatch(sessionExpired());
  }
  return result;
};

/**
 * The only createApi of the client. Features add their endpoints with
 * `api.injectEndpoints({ endpoints: (build) => ({ ... }) })` in their own `*-api.ts` file.
 * Endpoints used by several features (player, bank, price) live here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Config',
    'Player',
    'Bank',
    'Price',
    'Hand',
    'Shoe',
    'Ledger',
    'Deposit',
    'Invoice',
    'WithdrawRequest',
    'Bonus',
    'Brand',
    'AdminPlayer',
    'AdminWithdrawRequest',
    'RedeemCode',
    'HeldDeposit',
    'Limits',
    'SuspectRecord',
    'LedgerDay',
    'Reconciliation',
    'PlayerOverview',
    'Liabilities',
    'LiabilityProof',
    'Reserves',
  ],
  endpoints: (build) => ({
    getPlayer: build.query<Player, void>({
      query: () => 'players/1234',
      providesTags: ['Player'],
    }),
    getBank: build.query<number, void>({
      query: () => 'players/bank',
      providesTags: ['Bank'],
    }),
    getPriceFigure: build.query<PriceFigure, void>({
      query: () => 'players/bcvalue',
      providesTags: ['Price'],
      keepUnusedDataFor: 300,
    }),
    /** One of the player's hands (game: resume the hand in play; ledger: hand details). */
    getHand: build.query<Hand, string>({
      query: (id) => `hands/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Hand', id }],
    }),
    /** A shoe: its committed hash; seeds and cards once retired (game: seeds dialog; provable: verification). */
    getShoe: build.query<Shoe, string>({
      query: (id) => `shoes/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Shoe', id }],
    }),
    /** The player's bonuses, newest first (bonuses: the list; withdraw: an Accepted one locks withdrawals). */
    getBonuses: build.query<Bonus[], void>({
      query: () => 'players/bonuses',
      providesTags: ['Bonus'],
    }),
    /** The limits the player set on themself and what each window has used (profile: the limits; game: the session reminder). */
    getLimits: build.query<PlayerLimits, void>({
      query: () => 'players/limits',
      providesTags: ['Limits'],
    }),
    /**
     * Ends the session on the server (shell menu and profile: sign out), so the token is worthless even if a
     * copy of it outlives the tab; `everywhere` ends every session of the player (profile).
     */
    endSession: build.mutation<null, { everywhere: boolean }>({
      query: ({ everywhere }) => ({ url: everywhere ? SIGN_OUT_EVERYWHERE_PATH : SIGN_OUT_PATH, method: 'POST' }),
      // The push that says the session ended may arrive before this answer: it is this tab's own sign-out.
      onQueryStarted: (_args, { dispatch }) => void dispatch(signOutStarted()),
    }),
    /** Public settings (auth: which sign-in to offer; content: the contact mailboxes). */
    getClientConfig: build.query<ClientConfig, void>({
      query: () => 'config',
      providesTags: ['Config'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetPlayerQuery, useGetBankQuery, useGetPriceFigureQuery, useGetHandQuery, useGetShoeQuery, useGetBonusesQuery, useLazyGetBonusesQuery, useGetLimitsQuery, useGetClientConfigQuery, useEndSessionMutation,
} = api;

function isApiErrorBody(data: unknown): data is ApiErrorBody {
  return typeof data === 'object' && data !== null && 'error' in data && typeof (data as ApiErrorBody).error === 'string';
}

function apiErrorBody(error: unknown): ApiErrorBody | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const data = (error as FetchBaseQueryError & { data?: unknown }).data;
  return isApiErrorBody(data) ? data : undefined;
}

/** The server's own words for a failed request (admin screens show them, spec §8). */
export function apiServerMessage(error: unknown): string | undefined {
  return apiErrorBody(error)?.message || undefined;
}

/** The fields a 400 ValidationFailed names (`issues` of the body: path and the server's message). */
export function apiErrorIssues(error: unknown): NonNullable<ApiErrorBody['issues']> {
  const issues = apiErrorBody(error)?.issues;
  return Array.isArray(issues) ? issues : [];
}

/** The spec's error code (`error` of the body, e.g. "BlockedByGeolocation"), if the answer carries one. */
export function apiErrorCode(error: unknown): string | undefined {
  return apiErrorBody(error)?.error;
}

/** What the server told besides the code (`detail` of the body: a `reason`, amounts, limits, times), if anything. */
export function apiErrorDetail(error: unknown): NonNullable<ApiErrorBody['detail']> | undefined {
  const detail = apiErrorBody(error)?.detail;
  return typeof detail === 'object' && detail !== null && !Array.isArray(detail) ? detail : undefined;
}

/** The limits an error message may quote, in the language on screen. */
const quotedLimits = () => ({ minBet: currentFormats().sats(MIN_BET), maxBet: currentFormats().sats(MAX_BET) });

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A detail's values as a message quotes them, in the language on screen: numbers are satoshis (amounts and
 * limits), ISO times a date and time; the `reason` picks the message and is not quoted.
 */
export function quotedDetail(detail: Readonly<Record<string, string | number>> | undefined): Record<string, string> {
  const formats = currentFormats();
  const quoted: Record<string, string> = {};
  for (const [name, value] of Object.entries(detail ?? {})) {
    if (name === 'reason') continue;
    quoted[name] = typeof value === 'number' ? formats.sats(value) : ISO_TIME.test(value) ? formats.dateTime(value) : value;
  }
  return quoted;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
const isKnownCode = (code: string | undefined): code is ErrorCode => code !== undefined && KNOWN_CODES.has(code);

/**
 * What to tell the player about a failed request, in their language: the catalogs' `errors.<Code>`, or
 * `errors.<Code>_<reason>` when the server names a reason the catalogs have words for, quoting the detail's
 * amounts, limits and times. Every form maps a refusal through here. The server's English `message` is shown
 * only for a code the catalogs do not have; undefined when the answer carries neither (a network failure),
 * so the caller says something fitting.
 */
export function apiErrorMessage(t: TFunction, error: unknown): string | undefined {
  const body = apiErrorBody(error);
  if (!body) return undefined;
  if (isKnownCode(body.error)) {
    const detail = apiErrorDetail(error);
    const reason = typeof detail?.reason === 'string' ? detail.reason : undefined;
    // i18next's context: `errors.<Code>_<reason>`, falling back to `errors.<Code>` for a reason it has no words for.
    return t(`errors.${body.error}`, { ...quotedLimits(), ...quotedDetail(detail), ...(reason ? { context: reason } : {}) });
  }
  return body.message || undefined;
}

export function apiErrorStatus(error: unknown): number | string | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return (error as FetchBaseQueryError).status;
}
