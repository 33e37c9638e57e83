import { useEffect, useRef } from 'react';
import type { LightningInvoice } from '@bahati/contracts';
import { useAppDispatch } from '@/app/hooks';
import { api } from '@/lib/api';
import { usePlayerEvents } from '@/lib/player-events';
import { useWaitForInvoiceMutation } from './deposit-api';

/** Spec §4 and §9: the fallback polls an invoice up to 10 times, 6 s apart. */
const POLL_TRIES = 10;
const POLL_GAP_MS = 6000;

/**
 * Calls `onSettled` once when the watched invoice is paid. The server pushes `InvoiceSettled` over
 * server-sent events; while that channel is not open, the spec's poll of `players/invoice` stands in.
 * The refreshed invoice list is a third witness (a push that arrived before this screen listened).
 */
export function useInvoiceSettlement(
  watchedId: string | null,
  invoices: readonly LightningInvoice[] | undefined,
  onSettled: (id: string) => void,
) {
  const dispatch = useAppDispatch();
  const events = usePlayerEvents();
  const [waitForInvoice] = useWaitForInvoiceMutation();
  const reported = useRef(new Set<string>());
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  const report = (id: string) => {
    if (reported.current.has(id)) return;
    reported.current.add(id);
    dispatch(api.util.invalidateTags(['Invoice', 'Bank', 'Ledger']));
    onSettledRef.current(id);
  };

  // Push (and the list refreshed by it).
  const pushed = watchedId !== null && (events?.settledInvoices.includes(watchedId) ?? false);
  const listed = watchedId !== null && invoices?.some((invoice) => invoice.id === watchedId && invoice.status === 'Settled');
  useEffect(() => {
    if (watchedId && (pushed || listed)) report(watchedId);
  });

  // Fallback poll while the push channel is not open.
  const pushOpen = events?.status === 'open';
  useEffect(() => {
    if (!watchedId || pushOpen) return;
    let stopped = false;
    let inFlight: { abort: () => void } | null = null;
    void (async () => {
      for (let attempt = 0; attempt < POLL_TRIES && !stopped; attempt++) {
        try {
          const request = waitForInvoice({ id: watchedId });
          inFlight = request;
          const answer = await request.unwrap();
          if (stopped) return;
          if (answer.status === 'Settled') return report(watchedId);
          // Expired, or paid but held for review (past the most a bank may hold): the list shows which.
          if (answer.status === 'Canceled' || answer.status === 'Held') return void dispatch(api.util.invalidateTags(['Invoice']));
        } catch (error) {
          if (stopped) return;
          console.warn('Invoice status check failed', error);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_GAP_MS));
      }
    })();
    return () => {
      stopped = true;
      inFlight?.abort();
    };
    // report is stable in effect (reads refs only).
  }, [watchedId, pushOpen, waitForInvoice, dispatch]);

  return { pushOpen };
}
