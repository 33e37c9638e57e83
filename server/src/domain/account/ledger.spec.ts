import fc from 'fast-check';
import { LEDGER_TYPES, SUITS, cardId } from '@bahati/contracts';
import { DomainError, fold } from '../decider';
import { type HandCommand, type PlayerAction, allowedActions, decide } from '../hand/decide';
import { type HandEvent, type HandSettlement, type HandState, evolve, initialState } from '../hand/hand';
import { rulesForLevel } from '@bahati/contracts';
import { type AccountEvent, bankDelta } from './account';
import { BANK_EVENT_TYPES, LEDGER_EVENT_TYPES, ledgerLines } from './ledger';

const t = '2026-01-01T10:00:00.000Z';
const shoeId = 'shoe-1';
const handId = 'hand-1';

function settlement(credits: Partial<HandSettlement>): HandSettlement {
  const c = { doubleBet: 0, splitBet: 0, insuranceBet: 0, insuranceWin: 0, win: 0, push: 0, evenMoney: 0, ...credits };
  const totalBet = 1_000 + c.doubleBet + c.splitBet + c.insuranceBet;
  const winAmount = c.insuranceWin + c.win + c.push + c.evenMoney;
  return {
    handId, shoeId, level: 0, bet: 1_000, ...c, totalBet, winAmount, net: winAmount - totalBet, hands: [], dealerScore: 20, dealerBlackjack: false,
    dealerBust: false, nextPosition: 8,
  };
}

const sum = (e: AccountEvent) => ledgerLines(e).reduce((total, line) => total + line.amount, 0);
/** Amounts compared as numbers of satoshis: a 0 stake (-0) moves nothing either way. */
const sats = (n: number) => n + 0;

describe('the ledger lines of an account event', () => {
  it('name each deposit, withdrawal and refund by what it was', () => {
    expect(ledgerLines({ type: 'BitcoinDepositConfirmed', data: { txid: 'tx1', vout: 3, address: 'bcrt1q', amount: 10_000, confirmations: 2, confirmedAt: t } })).toEqual([
      { type: 'BitcoinDeposit', amount: 10_000, reference: 'tx1:3', handId: null },
    ]);
    expect(ledgerLines({ type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 5_000, settledAt: t } })).toEqual([
      { type: 'LightningDeposit', amount: 5_000, reference: 'i1', handId: null },
    ]);
    expect(ledgerLines({ type: 'WithdrawalRequested', data: { withdrawalId: 'w1', method: 'lightning', amount: 2_000, target: 'lnbcrt1', requestedAt: t } })).toEqual([
      { type: 'Withdraw', amount: -2_000, reference: 'w1', handId: null },
    ]);
    expect(ledgerLines({ type: 'WithdrawalDeclined', data: { withdrawalId: 'w1', amount: 2_000, reviewerId: 'admin', decidedAt: t } })).toEqual([
      { type: 'WithdrawRefund', amount: 2_000, reference: 'w1', handId: null },
    ]);
    expect(ledgerLines({ type: 'WithdrawalCanceled', data: { withdrawalId: 'w1', amount: 2_000, canceledAt: t } })).toEqual([
      { type: 'WithdrawRefund', amount: 2_000, reference: 'w1', handId: null },
    ]);
  });

  it('debit each stake of a hand when it is placed; the bet names the shoe', () => {
    expect(ledgerLines({ type: 'HandStarted', data: { handId, shoeId, level: 0, rules: rulesForLevel(0), bet: 1_000, firstPosition: 0 } })).toEqual([
      { type: 'Bet', amount: -1_000, reference: shoeId, handId },
    ]);
    expect(ledgerLines({ type: 'InsuranceTaken', data: { handId, amount: 500 } })).toEqual([{ type: 'InsuranceBet', amount: -500, reference: null, handId }]);
    expect(ledgerLines({ type: 'PlayerDoubled', data: { handId, handIndex: 0, amount: 1_000 } })).toEqual([{ type: 'Double', amount: -1_000, reference: null, handId }]);
    expect(ledgerLines({ type: 'HandSplit', data: { handId, handIndex: 0, newHandIndex: 1, amount: 1_000, movedPosition: 2, movedCard: 7 } })).toEqual([
      { type: 'Split', amount: -1_000, reference: null, handId },
    ]);
  });

  it('credit each kind of return of a settlement above 0, insurance first', () => {
    expect(ledgerLines({ type: 'HandSettled', data: settlement({ insuranceBet: 500, insuranceWin: 1_500, evenMoney: 2_000 }) })).toEqual([
      { type: 'InsuranceWin', amount: 1_500, reference: null, handId },
      { type: 'EvenMoney', amount: 2_000, reference: null, handId },
    ]);
    expect(ledgerLines({ type: 'HandSettled', data: settlement({ splitBet: 1_000, win: 2_000, push: 1_000 }) })).toEqual([
      { type: 'Win', amount: 2_000, reference: null, handId },
      { type: 'Push', amount: 1_000, reference: null, handId },
    ]);
    expect(ledgerLines({ type: 'HandSettled', data: settlement({}) })).toEqual([]);
  });

  it('show a retired shoe that dealt hands with a 0 line naming it and its last hand', () => {
    const retired = { shoeId, houseSeed: 'h', playerSeed: 'p', early: false, retiredAt: t };
    expect(ledgerLines({ type: 'ShoeRetired', data: { ...retired, handCount: 4, lastHandId: handId } })).toEqual([
      { type: 'ShowShoe', amount: 0, reference: shoeId, handId },
    ]);
    expect(ledgerLines({ type: 'ShoeRetired', data: { ...retired, handCount: 0, lastHandId: null } })).toEqual([]);
  });

  it('are none for events that move no money', () => {
    const none: AccountEvent[] = [
      { type: 'ShoeCommitted', data: { shoeId, houseSeed: 'h', houseSeedHash: 'x', committedAt: t } },
      { type: 'HandOpened', data: { handId, shoeId, handNumber: 1, openedAt: t } },
      { type: 'CardDealt', data: { handId, to: 'Player', handIndex: 0, position: 0, card: 1, faceDown: false } },
      { type: 'WithdrawalApproved', data: { withdrawalId: 'w1', reviewerId: 'admin', decidedAt: t } },
      { type: 'BitcoinDepositDetected', data: { txid: 'tx1', vout: 0, address: 'bcrt1q', amount: 10_000, confirmations: 0, detectedAt: t } },
    ];
    for (const e of none) expect(ledgerLines(e)).toEqual([]);
  });

  it('use only the ledger types of the contracts, from the event types listed', () => {
    expect(BANK_EVENT_TYPES.every((type) => LEDGER_EVENT_TYPES.includes(type))).toBe(true);
    expect(LEDGER_EVENT_TYPES.filter((type) => !(BANK_EVENT_TYPES as readonly string[]).includes(type))).toEqual(['ShoeRetired']);
    expect(LEDGER_TYPES).toEqual(expect.arrayContaining(['ShowShoe', 'InsuranceWin', 'EvenMoney']));
  });
});

const amount = fc.integer({ min: 1, max: 500_000 });
const credit = fc.oneof(fc.constant(0), amount);
const retiredShoe = (handCount: number): AccountEvent =>
  ({ type: 'ShoeRetired', data: { shoeId, houseSeed: 'h', playerSeed: null, handCount, early: true, lastHandId: handCount ? handId : null, retiredAt: t } });

const moves = (event: AccountEvent, delta: number): [AccountEvent, number] => [event, delta];

/** Any account event, with how it moves the bank as the events are documented: deposits and refunds add, stakes and withdrawals take, a settlement pays back winAmount. */
const anyAccountEvent: fc.Arbitrary<[AccountEvent, number]> = fc.oneof(
  amount.map((a) => moves({ type: 'BitcoinDepositConfirmed', data: { txid: 'tx', vout: 0, address: 'a', amount: a, confirmations: 1, confirmedAt: t } }, a)),
  amount.map((a) => moves({ type: 'LightningInvoiceSettled', data: { invoiceId: 'i', amount: a, settledAt: t } }, a)),
  amount.map((a) => moves({ type: 'WithdrawalRequested', data: { withdrawalId: 'w', method: 'bitcoin', amount: a, target: 'x', requestedAt: t } }, -a)),
  amount.map((a) => moves({ type: 'WithdrawalDeclined', data: { withdrawalId: 'w', amount: a, reviewerId: 'r', decidedAt: t } }, a)),
  amount.map((a) => moves({ type: 'WithdrawalCanceled', data: { withdrawalId: 'w', amount: a, canceledAt: t } }, a)),
  amount.map((a) => moves({ type: 'BitcoinDepositDetected', data: { txid: 'tx', vout: 0, address: 'a', amount: a, confirmations: 0, detectedAt: t } }, 0)),
  amount.map((a) => moves({ type: 'HandStarted', data: { handId, shoeId, level: 0, rules: rulesForLevel(0), bet: a, firstPosition: 0 } }, -a)),
  amount.map((a) => moves({ type: 'InsuranceTaken', data: { handId, amount: a } }, -a)),
  amount.map((a) => moves({ type: 'PlayerDoubled', data: { handId, handIndex: 0, amount: a } }, -a)),
  amount.map((a) => moves({ type: 'HandSplit', data: { handId, handIndex: 0, newHandIndex: 1, amount: a, movedPosition: 2, movedCard: 7 } }, -a)),
  fc.record({ insuranceWin: credit, win: credit, push: credit, evenMoney: credit }).map((c) => {
    const data = settlement(c);
    return moves({ type: 'HandSettled', data }, data.winAmount);
  }),
  fc.nat(4).map((n) => moves(retiredShoe(n), 0)),
  fc.constant(moves({ type: 'HandOpened', data: { handId, shoeId, handNumber: 1, openedAt: t } }, 0)),
);

/** Cards crowded with aces, eights and tens, so that splits, insurance, even money and blackjacks come often. */
const shoe = fc.array(fc.constantFrom(1, 1, 8, 8, 10, 10, 13, 2, 5, 6, 9), { minLength: 60, maxLength: 60 }).map((ranks) =>
  ranks.map((rank, i) => cardId(rank, SUITS[i % 4]!, i % 4)),
);

/** Plays one hand through the hand engine, choosing among the actions it allows; the hand's events. */
function playHand(cards: number[], bet: number, picks: number[]): HandEvent[] {
  const bank = 10_000_000;
  let state: HandState = initialState();
  const events: HandEvent[] = [];
  const run = (command: HandCommand) => {
    const out = decide(command, state);
    state = fold(evolve, state, out);
    events.push(...out);
  };
  run({ type: 'Deal', data: { handId, shoeId, bet, bank, cards, firstPosition: 0, level: 0 } });
  for (const pick of picks) {
    const allowed: readonly PlayerAction[] = allowedActions(state, bank);
    if (allowed.length === 0) break;
    run({ type: allowed[pick % allowed.length]!, data: { bank, cards } });
  }
  return events;
}

describe('the bank and the ledger', () => {
  it('move by the same amount for every event: the bank delta is the sum of its ledger lines', () => {
    fc.assert(
      fc.property(anyAccountEvent, ([e, documented]) => {
        expect(sats(bankDelta(e))).toBe(sats(sum(e)));
        expect(sats(sum(e))).toBe(documented);
      }),
    );
  });

  it('add up to the net of every hand the engine plays, with no settlement line at 0', () => {
    fc.assert(
      fc.property(shoe, fc.integer({ min: 1, max: 5_000 }), fc.array(fc.nat(99), { minLength: 12, maxLength: 12 }), (cards, bet, picks) => {
        let events: HandEvent[];
        try {
          events = playHand(cards, bet, picks);
        } catch (err) {
          if (err instanceof DomainError && err.code === 'ShoeExhausted') return;
          throw err;
        }
        for (const e of events) expect(sats(bankDelta(e))).toBe(sats(sum(e)));
        const settledEvent = events.find((e) => e.type === 'HandSettled');
        if (!settledEvent) return;
        expect(sats(events.reduce((total, e) => total + sum(e), 0))).toBe(sats(settledEvent.data.net));
        expect(ledgerLines(settledEvent).every((line) => line.amount > 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
