import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, handId, settled, shoeId, started } from '../projection.test-support';
import { ledgerProjection } from './ledger.projection';

const shoe = shoeId();
const t = '2026-01-01T10:00:00.000Z';

describeProjection(ledgerProjection, (spec) => {
  it('records deposits as credits and a withdrawal as a debit, each naming what it was', async () => {
    const a = new EventLog().account(alice);
    const btc = a('BitcoinDepositConfirmed', { txid: 'tx1', vout: 2, address: 'bcrt1qa', amount: 10_000, confirmations: 1, confirmedAt: t });
    await spec
      .given(btc, a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 5_000, settledAt: t }))
      .when(
        a('WithdrawalRequested', { withdrawalId: 'w1', method: 'bitcoin', amount: 8_000, target: 'bcrt1qx', requestedAt: t }),
        a('WithdrawalDeclined', { withdrawalId: 'w1', amount: 8_000, reviewerId: 'admin', decidedAt: t }),
      )
      .then({
        ledger_entries: [
          { id: `${btc.id}:0`, player_id: alice, type: 'BitcoinDeposit', amount: 10_000, reference: 'tx1:2', hand_id: null, seq: 0, created_time: new Date(btc.createdAt) },
          { type: 'LightningDeposit', amount: 5_000, reference: 'i1', hand_id: null, seq: 16 },
          { type: 'Withdraw', amount: -8_000, reference: 'w1', hand_id: null, seq: 32 },
          { type: 'WithdrawRefund', amount: 8_000, reference: 'w1', hand_id: null, seq: 48 },
        ],
      });
  });

  it('records a withdrawal its player cancelled as a refund of the same amount, naming the request', async () => {
    const a = new EventLog().account(alice);
    const deposit = a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 9_000, settledAt: t });
    const requested = a('WithdrawalRequested', { withdrawalId: 'w9', method: 'bitcoin', amount: 6_000, target: 'bcrt1qx', requestedAt: t });
    const canceled = a('WithdrawalCanceled', { withdrawalId: 'w9', amount: 6_000, canceledAt: t });
    await spec
      .given(deposit, requested)
      .when(canceled)
      .then({
        ledger_entries: [
          { type: 'LightningDeposit', amount: 9_000, seq: 0 },
          { type: 'Withdraw', amount: -6_000, reference: 'w9', seq: 16 },
          { id: `${canceled.id}:0`, player_id: alice, type: 'WithdrawRefund', amount: 6_000, reference: 'w9', hand_id: null, seq: 32, created_time: new Date(canceled.createdAt) },
        ],
      });
  });

  it('records every stake of a hand as a debit and each kind of return above 0 as a credit', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    const stakes = [
      a('HandStarted', started(handId(1), shoe, 1_000)),
      a('InsuranceTaken', { handId: handId(1), amount: 500 }),
      a('HandSplit', { handId: handId(1), handIndex: 0, newHandIndex: 1, amount: 1_000, movedPosition: 2, movedCard: 7 }),
      a('PlayerDoubled', { handId: handId(1), handIndex: 0, amount: 1_000 }),
    ];
    const settlement = a('HandSettled', settled(handId(1), shoe, 1_000, { doubleBet: 1_000, splitBet: 1_000, insuranceBet: 500, insuranceWin: 0, win: 4_000, push: 1_000 }));
    await spec
      .given(...stakes, settlement)
      .then({
        ledger_entries: [
          { type: 'Bet', amount: -1_000, reference: shoe, hand_id: handId(1), seq: 0 },
          { type: 'InsuranceBet', amount: -500, reference: null, hand_id: handId(1), seq: 16 },
          { type: 'Split', amount: -1_000, reference: null, hand_id: handId(1), seq: 32 },
          { type: 'Double', amount: -1_000, reference: null, hand_id: handId(1), seq: 48 },
          { id: `${settlement.id}:0`, type: 'Win', amount: 4_000, hand_id: handId(1), seq: 64 },
          { id: `${settlement.id}:1`, type: 'Push', amount: 1_000, hand_id: handId(1), seq: 65 },
        ],
      });
  });

  it('records the insurance win and even money of a dealer blackjack, and nothing for a lost hand', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    await spec
      .given(a('HandSettled', settled(handId(1), shoe, 1_000, { insuranceBet: 500, insuranceWin: 1_500 })))
      .when(a('HandSettled', settled(handId(2), shoe, 1_000, { evenMoney: 2_000 })), a('HandSettled', settled(handId(3), shoe, 1_000)))
      .then({
        ledger_entries: [
          { type: 'InsuranceWin', amount: 1_500, hand_id: handId(1), seq: 0 },
          { type: 'EvenMoney', amount: 2_000, hand_id: handId(2), seq: 16 },
        ],
      });
  });

  it('shows a retired shoe that dealt hands as a 0 line naming it, and a shoe that dealt none not at all', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    const other = shoeId(2);
    await spec
      .given(a('ShoeRetired', { shoeId: shoe, houseSeed: 'h', playerSeed: 'p', handCount: 3, early: true, lastHandId: handId(3), retiredAt: t }))
      .when(a('ShoeRetired', { shoeId: other, houseSeed: 'h2', playerSeed: null, handCount: 0, early: true, lastHandId: null, retiredAt: t }))
      .then({ ledger_entries: [{ type: 'ShowShoe', amount: 0, reference: shoe, hand_id: handId(3), seq: 0 }] });
  });

  it('keeps each player to their own lines', async () => {
    const log = new EventLog();
    await spec
      .given(log.account(bob)('LightningInvoiceSettled', { invoiceId: 'i2', amount: 7_000, settledAt: t }), log.account(alice)('HandStarted', started(handId(1), shoe, 2_000)))
      .then({ ledger_entries: [{ player_id: alice, type: 'Bet', amount: -2_000 }, { player_id: bob, type: 'LightningDeposit', amount: 7_000 }] });
  });

  const history = () => {
    const log = new EventLog();
    const a = log.account(alice);
    return [
      a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 50_000, settledAt: t }),
      a('HandStarted', started(handId(1), shoe, 1_000)),
      a('PlayerDoubled', { handId: handId(1), handIndex: 0, amount: 1_000 }),
      a('HandSettled', settled(handId(1), shoe, 1_000, { doubleBet: 1_000, win: 4_000 })),
      a('ShoeRetired', { shoeId: shoe, houseSeed: 'h', playerSeed: 'p', handCount: 1, early: true, lastHandId: handId(1), retiredAt: t }),
      a('WithdrawalRequested', { withdrawalId: 'w1', method: 'lightning', amount: 20_000, target: 'lnbcrt1', requestedAt: t }),
      a('WithdrawalCanceled', { withdrawalId: 'w1', amount: 20_000, canceledAt: t }),
    ];
  };

  spec.itIsTheSameWhateverTheBatches(history, (rows) =>
    expect(rows.ledger_entries!.map((r) => [r.type, r.amount])).toEqual([
      ['LightningDeposit', 50_000], ['Bet', -1_000], ['Double', -1_000], ['Win', 4_000], ['ShowShoe', 0], ['Withdraw', -20_000], ['WithdrawRefund', 20_000],
    ]));
});
