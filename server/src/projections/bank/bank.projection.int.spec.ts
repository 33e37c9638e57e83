import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, handId, settled, shoeId, started } from '../projection.test-support';
import { bankProjection } from './bank.projection';

const shoe = shoeId();
const t = '2026-01-01T10:00:00.000Z';

describeProjection(bankProjection, (spec) => {
  it('holds the deposit less the bet after a lost hand', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    await spec
      .given(a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 50_000, settledAt: t }))
      .when(a('HandStarted', started(handId(1), shoe, 1_000)), a('HandSettled', settled(handId(1), shoe, 1_000)))
      .then({ banks: [{ player_id: alice, bank: 49_000, revision: 2 }] });
  });

  it('pays back the stakes and the win of a doubled hand', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    await spec
      .given(
        a('BitcoinDepositConfirmed', { txid: 'tx1', vout: 0, address: 'bcrt1qa', amount: 10_000, confirmations: 1, confirmedAt: t }),
        a('HandStarted', started(handId(1), shoe, 1_000)),
        a('PlayerDoubled', { handId: handId(1), handIndex: 0, amount: 1_000 }),
        a('HandSettled', settled(handId(1), shoe, 1_000, { doubleBet: 1_000, win: 4_000 })),
      )
      .then({ banks: [{ player_id: alice, bank: 12_000, revision: 3 }] });
  });

  it('takes a withdrawal when requested and gives it back when declined', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    const deposit = a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 100_000, settledAt: t });
    const request = a('WithdrawalRequested', { withdrawalId: 'w1', method: 'bitcoin', amount: 30_000, target: 'bcrt1qx', requestedAt: t });
    await spec.given(deposit).when(request).then({ banks: [{ bank: 70_000 }] });
    await spec
      .given(a('WithdrawalApproved', { withdrawalId: 'w1', reviewerId: 'admin', decidedAt: t }))
      .when(a('WithdrawalDeclined', { withdrawalId: 'w1', amount: 30_000, reviewerId: 'admin', decidedAt: t }))
      .then({ banks: [{ bank: 100_000 }] });
  });

  it('gives a withdrawal back at once when its player cancels it', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    await spec
      .given(
        a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 100_000, settledAt: t }),
        a('WithdrawalRequested', { withdrawalId: 'w1', method: 'bitcoin', amount: 30_000, target: 'bcrt1qx', requestedAt: t }),
      )
      .when(a('WithdrawalCanceled', { withdrawalId: 'w1', amount: 30_000, canceledAt: t }))
      .then({ banks: [{ player_id: alice, bank: 100_000, revision: 2 }] });
  });

  it('keeps one bank per player', async () => {
    const log = new EventLog();
    const a = log.account(alice);
    const b = log.account(bob);
    await spec
      .given(a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 5_000, settledAt: t }), b('LightningInvoiceSettled', { invoiceId: 'i2', amount: 7_000, settledAt: t }))
      .when(b('HandStarted', started(handId(2), shoe, 2_000)), a('InsuranceTaken', { handId: handId(1), amount: 500 }))
      .then({ banks: [{ player_id: alice, bank: 4_500 }, { player_id: bob, bank: 5_000 }] });
  });

  it('stakes the whole bank in a batch of its own', async () => {
    // The database refuses a negative bank: a batch that only debits must never propose one.
    const log = new EventLog();
    const a = log.account(alice);
    await spec
      .given(a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 3_000, settledAt: t }))
      .when(a('HandStarted', started(handId(1), shoe, 1_000)), a('HandSplit', { handId: handId(1), handIndex: 0, newHandIndex: 1, amount: 1_000, movedPosition: 2, movedCard: 7 }))
      .when(a('PlayerDoubled', { handId: handId(1), handIndex: 1, amount: 1_000 }))
      .then({ banks: [{ bank: 0 }] });
  });

  it('does not move for events of other streams', async () => {
    const log = new EventLog();
    await spec.given(log.record('bitcoin-addresses', 'LightningInvoiceSettled', { invoiceId: 'i1', amount: 5_000, settledAt: t })).then({ banks: [] });
  });

  const history = () => {
    const log = new EventLog();
    const a = log.account(alice);
    const b = log.account(bob);
    return [
      a('LightningInvoiceSettled', { invoiceId: 'i1', amount: 50_000, settledAt: t }),
      b('BitcoinDepositConfirmed', { txid: 'tx1', vout: 1, address: 'bcrt1qb', amount: 20_000, confirmations: 3, confirmedAt: t }),
      a('HandStarted', started(handId(1), shoe, 1_000)),
      a('InsuranceTaken', { handId: handId(1), amount: 500 }),
      b('WithdrawalRequested', { withdrawalId: 'w1', method: 'lightning', amount: 20_000, target: 'lnbcrt1', requestedAt: t }),
      a('HandSettled', settled(handId(1), shoe, 1_000, { insuranceBet: 500, insuranceWin: 1_500 })),
      b('WithdrawalDeclined', { withdrawalId: 'w1', amount: 20_000, reviewerId: 'admin', decidedAt: t }),
      a('HandStarted', started(handId(2), shoe, 2_000, 8)),
      a('HandSettled', settled(handId(2), shoe, 2_000, { push: 2_000 })),
      b('WithdrawalRequested', { withdrawalId: 'w2', method: 'bitcoin', amount: 5_000, target: 'bcrt1qb', requestedAt: t }),
      b('WithdrawalCanceled', { withdrawalId: 'w2', amount: 5_000, canceledAt: t }),
    ];
  };

  spec.itIsTheSameWhateverTheBatches(history, (rows) => expect(rows.banks).toMatchObject([{ player_id: alice, bank: 50_000, revision: 5 }, { player_id: bob, bank: 20_000, revision: 4 }]));
});
