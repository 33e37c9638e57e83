import type { PlayerPushEvent } from '@bahati/contracts';
import { useSelector } from 'react-redux';
import { api } from './api';
import { selectJwt, type SessionRootState } from './session';

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
  'PhoneVerified',
];

function parse(data: unknown): PlayerPushEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as PlayerPushEvent;
    return typeof event === 'object' && event !== null && EVENT_TYPES.includes(event.type) ? event : null;
  } catch {
    return null;
  }
}

/**
 * The player's server-sent events (`GET players/events?token=`; EventSource cannot send a header).
 * Each push refreshes what it changed through tags, so the header balance, the invoice and deposit
 * tables and the withdrawal list update without a reload.
 */
export const playerEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    playerEvents: build.query<PlayerEventsState, string>({
      queryFn: () => ({ data: { status: 'connecting', settledInvoices: [], confirmedDeposits: [] } }),
      keepUnusedDataFor: 10,
      async onCacheEntryAdded(jwt, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch }) {
        if (typeof EventSource === 'undefined') {
          updateCachedData((draft) => void (draft.status = 'closed'));
          return;
        }
        await cacheDataLoaded;
        const source = new EventSource(`/api/players/events?token=${encodeURIComponent(jwt)}`);
        source.onopen = () => updateCachedData((draft) => void (draft.status = 'open'));
        source.onerror = () =>
          updateCachedData((draft) => void (draft.status = source.readyState === EventSource.CLOSED ? 'closed' : 'connecting'));

        const onEvent = (message: MessageEvent) => {
          const event = parse(message.data);
          if (!event) return;
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
              dispatch(api.util.invalidateTags(['Player']));
              break;
            default: {
              const _exhaustive: never = event;
              return _exhaustive;
            }
          }
        };
        for (const type of EVENT_TYPES) source.addEventListener(type, onEvent);
        source.onmessage = onEvent;

        await cacheEntryRemoved;
        source.close();
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
