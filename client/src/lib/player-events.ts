import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { PlayerPushEvent } from '@bahati/contracts';
import { useSelector } from 'react-redux';
import { api } from './api';
import { selectJwt, selectSigningOut, sessionExpired, type SessionRootState } from './session';

export interface PlayerEventsState {
  /** `open` while the server can push; the screens fall back to polling otherwise. */
  status: 'connecting' | 'open' | 'closed';
  /** Ids of the invoices settled since the channel opened (newest last). */
  settledInvoices: string[];
  /** Deposit outputs (`txid:vout`) confirmed since the channel opened. */
  confirmedDeposits: string[];
}

const EVENT_TYPES: readonly PlayerPushEvent['type'][] = [
  'InvoiceSettled',
  'InvoiceCanceled',
  'DepositDetected',
  'DepositConfirmed',
  'WithdrawalChanged',
  'BankChanged',
  'BonusChanged',
  'PhoneVerified',
  'SelfExclusionChanged',
  'SessionEnded',
];

function parse(data: unknown): PlayerPushEvent | null {
  if (typeof data !== 'string' || !data) return null;
  try {
    const event = JSON.parse(data) as PlayerPushEvent;
    return typeof event === 'object' && event !== null && EVENT_TYPES.includes(event.type) ? event : null;
  } catch {
    return null;
  }
}

/** The server refused the session (401): the channel stops and the session ends, as for any other 401. */
class SessionRefused extends Error {}
/** An answer a retry would not change (403, 404, …): the channel stops and the screens poll. */
class StreamRefused extends Error {}
/** The server ended the stream (a restart or a deploy): reconnect as after a network error. */
class StreamEnded extends Error {}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Exponential backoff with jitter: 0.5–1 s after the first failure, doubling to 15–30 s. */
function retryDelay(failures: number): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/**
 * The player's server-sent events (`GET players/events` with the session in the Authorization header,
 * like every other route: a token in a URL ends up in logs and histories). Read with fetch, as
 * EventSource cannot send a header. Each push refreshes what it changed through tags, so the header
 * balance, the invoice and deposit tables and the withdrawal list update without a reload.
 * The channel reconnects with backoff after an error or a closed stream, stays open while the page is
 * hidden (as EventSource did), and stops on a 401, which ends the session.
 */
export const playerEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    playerEvents: build.query<PlayerEventsState, string>({
      queryFn: () => ({ data: { status: 'connecting', settledInvoices: [], confirmedDeposits: [] } }),
      keepUnusedDataFor: 10,
      async onCacheEntryAdded(jwt, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, getState }) {
        let removed = false;
        const setStatus = (status: PlayerEventsState['status']) => {
          if (!removed) updateCachedData((draft) => void (draft.status = status));
        };
        if (typeof window === 'undefined' || typeof window.fetch !== 'function' || typeof ReadableStream === 'undefined') {
          setStatus('closed');
          return;
        }
        await cacheDataLoaded;

        const onEvent = (event: PlayerPushEvent) => {
          switch (event.type) {
            case 'InvoiceSettled':
              updateCachedData((draft) => {
                if (!draft.settledInvoices.includes(event.id)) draft.settledInvoices.push(event.id);
              });
              dispatch(api.util.invalidateTags(['Invoice', 'Bank', 'Ledger', 'Bonus']));
              break;
            case 'InvoiceCanceled':
              dispatch(api.util.invalidateTags(['Invoice']));
              break;
            case 'DepositDetected':
              dispatch(api.util.invalidateTags(['Deposit']));
              break;
            case 'DepositConfirmed':
              updateCachedData((draft) => {
                const key = `${event.transactionId}:${event.vout}`;
                if (!draft.confirmedDeposits.includes(key)) draft.confirmedDeposits.push(key);
              });
              dispatch(api.util.invalidateTags(['Deposit', 'Bank', 'Ledger', 'Bonus']));
              break;
            case 'WithdrawalChanged':
              dispatch(api.util.invalidateTags(['WithdrawRequest', 'AdminWithdrawRequest', 'Bank', 'Ledger']));
              break;
            case 'BankChanged':
              void dispatch(api.util.upsertQueryData('getBank', undefined, event.bank));
              break;
            case 'BonusChanged':
              dispatch(api.util.invalidateTags(['Bonus']));
              break;
            case 'PhoneVerified':
            case 'SelfExclusionChanged':
              // The player read again: a table or deposit screen open elsewhere gives way to the self-excluded notice.
              dispatch(api.util.invalidateTags(['Player']));
              break;
            case 'SessionEnded':
              // Signed out elsewhere (or banned): this screen's session is over too, as a 401 would say.
              controller.abort();
              setStatus('closed');
              // Unless this tab is signing out itself: then the sign-out decides where it goes.
              if (selectJwt(getState() as unknown as SessionRootState) === jwt && !selectSigningOut(getState() as unknown as SessionRootState)) {
                dispatch(sessionExpired({ banned: event.reason === 'ban' }));
              }
              break;
            default: {
              const _exhaustive: never = event;
              return _exhaustive;
            }
          }
        };

        const controller = new AbortController();
        let failures = 0;
        const stream = fetchEventSource('/api/players/events', {
          headers: { Authorization: `Bearer ${jwt}` },
          signal: controller.signal,
          openWhenHidden: true,
          async onopen(response) {
            if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) {
              failures = 0;
              setStatus('open');
              return;
            }
            if (response.status === 401) throw new SessionRefused();
            if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new StreamRefused();
            throw new Error(`The event stream answered ${response.status}.`);
          },
          onmessage(message) {
            const event = parse(message.data);
            if (event) onEvent(event);
          },
          onclose() {
            throw new StreamEnded();
          },
          onerror(error) {
            if (error instanceof SessionRefused || error instanceof StreamRefused) throw error;
            setStatus('connecting');
            return retryDelay(failures++);
          },
        });
        stream.catch((error: unknown) => {
          setStatus('closed');
          // As in the base query: a 401 for a token that has since been replaced must not end the new session.
          if (error instanceof SessionRefused && selectJwt(getState() as unknown as SessionRootState) === jwt) dispatch(sessionExpired());
        });

        await cacheEntryRemoved;
        removed = true;
        controller.abort();
      },
    }),
  }),
});

/** Keeps the push channel open while the calling screen is mounted (one connection however many screens ask). */
export function usePlayerEvents(): PlayerEventsState | undefined {
  const jwt = useSelector((state: SessionRootState) => selectJwt(state));
  const { data } = playerEventsApi.usePlayerEventsQuery(jwt ?? '', { skip: !jwt });
  return data;
}
