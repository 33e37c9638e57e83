import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection } from '../projection.test-support';
import { depositsProjection } from './deposits.projection';

const t = (minute: number) => `2026-01-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
const output = { txid: 'tx1', vout: 1, address: 'bcrt1qalice', amount: 25_000 };

function history(log: EventLog) {
  const a = log.account(alice);
  const b = log.account(bob);
  return [
    a('BitcoinAddressAssigned', { address: 'bcrt1qalice', derivationIndex: 0, assignedAt: t(0) }),
    b('BitcoinAddressAssigned', { address: 'bcrt1qbob', derivationIndex: 1, assignedAt: t(1) }),
    a('BitcoinDepositDetected', { ...output, confirmations: 0, detectedAt: t(2) }),
    a('BitcoinDepositDetected', { ...output, confirmations: 0, detectedAt: t(3) }),
    a('BitcoinDepositConfirmed', { ...output, confirmations: 2, confirmedAt: t(4) }),
    b('BitcoinDepositConfirmed', { txid: 'tx2', vout: 0, address: 'bcrt1qbob', amount: 7_000, confirmations: 3, confirmedAt: t(5) }),
  ];
}

describeProjection(depositsProjection, (spec) => {
  it('tells whose each deposit address is', async () => {
    await spec.given(...history(new EventLog()).slice(0, 2)).then({
      bitcoin_addresses: [
        { address: 'bcrt1qalice', player_id: alice, derivation_index: 0, assigned_time: new Date(t(0)) },
        { address: 'bcrt1qbob', player_id: bob, derivation_index: 1 },
      ],
      bitcoin_deposits: [],
    });
  });

  it('shows a deposit Pending when first seen, then Deposited once confirmed', async () => {
    const events = history(new EventLog());
    await spec.given(...events.slice(0, 4)).then({
      bitcoin_deposits: [{ id: 'tx1:1', player_id: alice, txid: 'tx1', vout: 1, amount: 25_000, status: 'Pending', confirmations: 0, time: new Date(t(2)), confirmed_time: null }],
    });
    await spec.given(events[4]!).then({
      bitcoin_deposits: [{ id: 'tx1:1', status: 'Deposited', confirmations: 2, time: new Date(t(2)), confirmed_time: new Date(t(4)) }],
    });
  });

  it('shows a deposit confirmed before it was seen pending as Deposited at once', async () => {
    await spec.given(history(new EventLog())[5]!).then({
      bitcoin_deposits: [{ id: 'tx2:0', player_id: bob, status: 'Deposited', amount: 7_000, time: new Date(t(5)), confirmed_time: new Date(t(5)) }],
    });
  });

  it('keeps a confirmed deposit Deposited when it is seen again', async () => {
    const log = new EventLog();
    const events = history(log);
    await spec
      .given(...events)
      .when(log.account(alice)('BitcoinDepositDetected', { ...output, confirmations: 0, detectedAt: t(9) }))
      .then({ bitcoin_deposits: [{ id: 'tx1:1', status: 'Deposited', confirmations: 2 }, { id: 'tx2:0' }] });
  });

  it('shows a deposit held for review (past the most a bank may hold) as Held, whether or not it was seen pending', async () => {
    const log = new EventLog();
    const events = history(log);
    const held = (txid: string) =>
      log.account(alice)('DepositHeldForReview', { method: 'bitcoin', txid, vout: 1, address: 'bcrt1qalice', amount: 25_000, confirmations: 1, bank: 90_000, maxBank: 100_000, heldAt: t(8) });
    await spec
      .given(...events.slice(0, 4))
      .when(held('tx1'), held('tx9'))
      .then({
        bitcoin_deposits: [
          { id: 'tx1:1', status: 'Held', amount: 25_000, confirmations: 1, time: new Date(t(2)), confirmed_time: null },
          { id: 'tx9:1', player_id: alice, status: 'Held', amount: 25_000, time: new Date(t(8)), confirmed_time: null },
        ],
      });
  });

  it('shows a held deposit that an admin sent back as Returned, and leaves one still being returned Held', async () => {
    const log = new EventLog();
    const events = history(log);
    const a = log.account(alice);
    const held = (txid: string) => a('DepositHeldForReview', { method: 'bitcoin', txid, vout: 1, address: 'bcrt1qalice', amount: 25_000, confirmations: 1, bank: 90_000, maxBank: 100_000, heldAt: t(8) });
    const asked = (txid: string) =>
      a('HeldDepositRefundRequested', { method: 'bitcoin', id: `${txid}:1`, amount: 25_000, target: 'bcrt1qback', reviewerId: 'boss', reason: 'Unclear source', requestedAt: t(9) });
    await spec
      .given(events[0]!, held('tx8'), held('tx9'))
      .when(asked('tx8'), asked('tx9'), a('HeldDepositRefunded', { method: 'bitcoin', id: 'tx9:1', amount: 25_000, reference: 'txback', refundedAt: t(10) }))
      .then({
        bitcoin_deposits: [
          { id: 'tx8:1', status: 'Held', amount: 25_000, confirmed_time: null },
          { id: 'tx9:1', status: 'Returned', amount: 25_000, confirmed_time: null },
        ],
      });
  });

  spec.itIsTheSameWhateverTheBatches(() => history(new EventLog()), (rows) => expect(rows.bitcoin_deposits!.map((r) => r.status)).toEqual(['Deposited', 'Deposited']));
});
