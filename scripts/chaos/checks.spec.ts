import { type Ack, type StoredEvent, accounts, bankLedgerMismatches, foldedBanks, lostAcknowledgements, moneyViolations, readModelDifferences } from './checks';

const p = 'player-1';
let revision = 0;
const ev = (type: string, data: Record<string, unknown>, correlationId: string | null = null, streamId = `account-${p}`): StoredEvent => ({
  streamId, revision: revision++, type, data, correlationId,
});
const t = '2026-01-01T00:00:00.000Z';
const deposit = (amount: number, id = 'i1') => [
  ev('LightningInvoiceCreated', { invoiceId: id, amount, paymentRequest: 'ln', paymentHash: 'h', createdAt: t, expiresAt: t }, 'r-invoice'),
  ev('LightningInvoiceSettled', { invoiceId: id, amount, settledAt: t }, 'r-settle'),
];
const withdrawal = (id: string, amount: number, correlationId = `r-${id}`) => ev('WithdrawalRequested', { withdrawalId: id, method: 'bitcoin', amount, target: 'bc1q', requestedAt: t }, correlationId);

beforeEach(() => {
  revision = 0;
});

describe('the chaos checks', () => {
  it('find every acknowledged action in the store with the bank it was answered with', () => {
    const events = [
      ...deposit(10_000),
      ev('RequestKeyRecorded', { key: 'k-inv', fingerprint: 'f', ref: 'i1', bankAfter: 0, recordedAt: t }, 'r-invoice'),
      ev('HandStarted', { handId: 'h1', bet: 1_000 }, 'r-deal'),
      withdrawal('w1', 2_000, 'r-w'),
      ev('RequestKeyRecorded', { key: 'k-w', fingerprint: 'f', ref: 'w1', bankAfter: 7_000, recordedAt: t }, 'r-w'),
      ev('WithdrawalApproved', { withdrawalId: 'w1', reviewerId: 'a', decidedAt: t }, 'r-approve'),
      withdrawal('w2', 1_000),
      ev('WithdrawalCanceled', { withdrawalId: 'w2', amount: 1_000, canceledAt: t }, 'r-cancel'),
    ];
    const acks: Ack[] = [
      { kind: 'invoice', requestId: 'r-invoice', playerId: p, key: 'k-inv', invoiceId: 'i1' },
      { kind: 'settle', requestId: 'r-settle', playerId: p, invoiceId: 'i1' },
      { kind: 'hand', requestId: 'r-deal', playerId: p, bank: 9_000 },
      { kind: 'withdraw', requestId: 'r-w', playerId: p, key: 'k-w', bank: 7_000 },
      { kind: 'approve', requestId: 'r-approve', playerId: p, withdrawalId: 'w1' },
      { kind: 'cancel', requestId: 'r-cancel', playerId: p, withdrawalId: 'w2' },
    ];
    expect(lostAcknowledgements(acks, accounts(events))).toEqual([]);
  });

  it('report an acknowledged action that is missing, or stored with another bank than answered', () => {
    const events = [...deposit(10_000), ev('HandStarted', { handId: 'h1', bet: 1_000 }, 'r-deal')];
    const lost = lostAcknowledgements(
      [
        { kind: 'hand', requestId: 'r-deal', playerId: p, bank: 10_000 },
        { kind: 'hand', requestId: 'r-hit', playerId: p, bank: null },
        { kind: 'withdraw', requestId: 'r-w', playerId: p, key: 'k', bank: 5 },
        { kind: 'decline', requestId: 'r-d', playerId: p, withdrawalId: 'w9' },
      ],
      accounts(events),
    );
    expect(lost.map((v) => v.detail)).toEqual([
      expect.stringContaining('answered bank 10000, the events give 9000'),
      expect.stringContaining('no event carries its correlation id'),
      expect.stringContaining('no RequestKeyRecorded for key k'),
      expect.stringContaining('withdrawal w9 was never declined'),
    ]);
  });

  it('report an overdraft, a withdrawal paid twice, and one paid after its refund', () => {
    const events = [
      ...deposit(5_000),
      withdrawal('w1', 4_000),
      withdrawal('w2', 4_000),
      ev('WithdrawalApproved', { withdrawalId: 'w1', reviewerId: 'a', decidedAt: t }),
      ev('WithdrawalPayoutStarted', { withdrawalId: 'w1', startedAt: t }),
      ev('WithdrawalPayoutStarted', { withdrawalId: 'w1', startedAt: t }),
      ev('WithdrawalPaid', { withdrawalId: 'w1', reference: 'tx', paidAt: t }),
      ev('WithdrawalPaid', { withdrawalId: 'w1', reference: 'tx', paidAt: t }),
      ev('WithdrawalDeclined', { withdrawalId: 'w2', amount: 4_000, reviewerId: 'a', decidedAt: t }),
      ev('WithdrawalPaid', { withdrawalId: 'w2', reference: 'tx2', paidAt: t }),
    ];
    expect(moneyViolations(accounts(events)).map((v) => `${v.check}: ${v.detail}`)).toEqual([
      expect.stringMatching(/^no overdraft: account player-1 at -3000 after WithdrawalRequested/),
      expect.stringContaining('a second payout claimed while one was under way'),
      expect.stringContaining('paid twice'),
      expect.stringContaining('w2 of player-1: paid after it was declined and refunded'),
    ]);
  });

  it('accept a payout claimed again after a failed one', () => {
    const events = [
      ...deposit(5_000),
      withdrawal('w1', 4_000),
      ev('WithdrawalApproved', { withdrawalId: 'w1', reviewerId: 'a', decidedAt: t }),
      ev('WithdrawalPayoutStarted', { withdrawalId: 'w1', startedAt: t }),
      ev('WithdrawalPayoutFailed', { withdrawalId: 'w1', reason: 'offline', failedAt: t }),
      ev('WithdrawalPayoutStarted', { withdrawalId: 'w1', startedAt: t }),
      ev('WithdrawalPaid', { withdrawalId: 'w1', reference: 'tx', paidAt: t }),
    ];
    expect(moneyViolations(accounts(events))).toEqual([]);
  });

  it('compare the events, the bank and the ledger of every player', () => {
    const folded = foldedBanks(accounts([...deposit(5_000), withdrawal('w1', 1_000)]));
    expect(folded).toEqual(new Map([[p, 4_000]]));
    expect(bankLedgerMismatches(folded, new Map([[p, 4_000]]), new Map([[p, 4_000]]))).toEqual([]);
    expect(bankLedgerMismatches(folded, new Map([[p, 4_000]]), new Map([[p, 5_000]]))[0]!.detail).toBe('player player-1: events 4000, bank 4000, ledger 5000');
  });

  it('name the first row that differs between the live read models and the rebuild', () => {
    const live = new Map([['banks', ['a', 'b']], ['hands', ['x']]]);
    expect(readModelDifferences(live, new Map([['banks', ['a', 'b']], ['hands', ['x']]]))).toEqual([]);
    expect(readModelDifferences(live, new Map([['banks', ['a', 'c']], ['hands', []]])).map((v) => v.detail)).toEqual([
      'banks: row 1 differs:\n  live    b\n  rebuilt c',
      'hands: 1 rows live, 0 rebuilt',
    ]);
  });
});
