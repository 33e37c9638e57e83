import { expect, it } from '@jest/globals';
import { EventLog, alice, describeProjection } from '../projection.test-support';
import { invoicesProjection } from './invoices.projection';

const t = (minute: number) => `2026-01-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
const invoice = (n: number, amount: number) => ({
  invoiceId: `hash-${n}`, amount, paymentRequest: `lnbcrt${n}`, paymentHash: `hash-${n}`, createdAt: t(n), expiresAt: t(n + 30),
});

function history(log: EventLog) {
  const a = log.account(alice);
  return [
    a('LightningInvoiceCreated', invoice(1, 10_000)),
    a('LightningInvoiceCreated', invoice(2, 20_000)),
    a('LightningInvoiceSettled', { invoiceId: 'hash-1', amount: 12_000, settledAt: t(5) }),
    a('LightningInvoiceCanceled', { invoiceId: 'hash-2', canceledAt: t(40) }),
    a('LightningInvoiceCanceled', { invoiceId: 'hash-1', canceledAt: t(40) }),
  ];
}

describeProjection(invoicesProjection, (spec) => {
  it('shows a new invoice Opened with its payment request', async () => {
    await spec.given(history(new EventLog())[0]!).then({
      lightning_invoices: [
        {
          id: 'hash-1', player_id: alice, amount: 10_000, status: 'Opened', payment_request: 'lnbcrt1', payment_hash: 'hash-1', created_time: new Date(t(1)),
          expires_at: new Date(t(31)), settled_time: null,
        },
      ],
    });
  });

  it('shows the amount paid once Settled, and a Settled invoice stays Settled when the sweep cancels', async () => {
    const [first, second, ...later] = history(new EventLog());
    await spec.given(first!, second!).when(...later).then({
      lightning_invoices: [
        { id: 'hash-1', status: 'Settled', amount: 12_000, settled_time: new Date(t(5)) },
        { id: 'hash-2', status: 'Canceled', amount: 20_000, settled_time: null },
      ],
    });
  });

  it('shows a paid invoice held for review (past the most a bank may hold) as Held, never credited', async () => {
    const log = new EventLog();
    const [first] = history(log);
    await spec
      .given(first!)
      .when(log.account(alice)('DepositHeldForReview', { method: 'lightning', invoiceId: 'hash-1', amount: 10_000, bank: 95_000, maxBank: 100_000, heldAt: t(5) }))
      .then({ lightning_invoices: [{ id: 'hash-1', status: 'Held', amount: 10_000, settled_time: null }] });
  });

  it('shows a held invoice that an admin sent back as Returned, never credited', async () => {
    const log = new EventLog();
    const [first] = history(log);
    const a = log.account(alice);
    await spec
      .given(first!, a('DepositHeldForReview', { method: 'lightning', invoiceId: 'hash-1', amount: 10_000, bank: 95_000, maxBank: 100_000, heldAt: t(5) }))
      .when(
        a('HeldDepositRefundRequested', { method: 'lightning', id: 'hash-1', amount: 10_000, target: 'lnbcrt-back', reviewerId: 'boss', reason: 'Unclear source', requestedAt: t(6) }),
        a('HeldDepositRefundStarted', { method: 'lightning', id: 'hash-1', startedBy: 'boss', attempt: 1, startedAt: t(6) }),
        a('HeldDepositRefunded', { method: 'lightning', id: 'hash-1', amount: 10_000, reference: 'ref-1', refundedAt: t(7) }),
      )
      .then({ lightning_invoices: [{ id: 'hash-1', status: 'Returned', amount: 10_000, settled_time: null }] });
  });

  spec.itIsTheSameWhateverTheBatches(() => history(new EventLog()), (rows) => expect(rows.lightning_invoices!.map((r) => r.status)).toEqual(['Settled', 'Canceled']));
});
