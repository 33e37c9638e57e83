import fc from 'fast-check';
import { DomainError, fold } from '../decider';
import { CARD_VALUE, cardId, HANDS_PER_SHOE, shuffleShoeFromBytes, SUITS } from '@bahati/contracts';
import { recommendedAction } from '@bahati/contracts';
import { allowedActions, decide, type HandCommand, PLAYER_ACTIONS, type PlayerAction } from './decide';
import { cardsApart, cardsDealtBy, evolve, type HandEvent, type HandSettlement, type HandState, initialState } from './hand';
import { bankDelta } from '../account/account';
import { MAX_BET } from '@bahati/contracts';
import { LEVEL_RULES, MAX_LEVEL } from '@bahati/contracts';

/** Real shoes, and shoes crowded with aces, eights and tens so that splits, insurance and even money come often. */
const realShoe = fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => shuffleShoeFromBytes(b.slice(0, 32), b.slice(32)));
const crowdedShoe = fc.array(fc.constantFrom(1, 1, 8, 8, 10, 10, 13, 2, 5, 6, 9), { minLength: 208, maxLength: 208 }).map((ranks) =>
  ranks.map((rank, i) => cardId(rank, SUITS[i % 4], i % 4)),
);
const pairShoe = fc.array(fc.constantFrom(1, 8, 8, 8, 10, 3), { minLength: 208, maxLength: 208 }).map((ranks) =>
  ranks.map((rank, i) => cardId(rank, SUITS[i % 4], i % 4)),
);
const anyShoe = fc.oneof(realShoe, crowdedShoe, pairShoe);

/** A step either tries any action (often an illegal one) or picks among the allowed ones, splitting whenever it may on even picks. */
type Step = { kind: 'any'; action: PlayerAction | 'Deal'; bet: number } | { kind: 'allowed'; pick: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('any' as const),
      action: fc.constant('Deal' as const),
      bet: fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: -10, max: 0 }), fc.constant(MAX_BET + 1), fc.constant(0.5)),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('any' as const), action: fc.constantFrom(...PLAYER_ACTIONS), bet: fc.constant(0) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('allowed' as const), pick: fc.nat(99) }) },
);

function choose(s: Step, state: HandState, bank: number): { action: PlayerAction | 'Deal'; bet: number } {
  if (s.kind === 'any') return s;
  const allowed = allowedActions(state, bank);
  if (allowed.length === 0) return { action: 'Deal', bet: 1 + (s.pick % 50) * 20 };
  if (allowed.includes('Split') && s.pick % 2 === 0) return { action: 'Split', bet: 0 };
  return { action: allowed[s.pick % allowed.length], bet: 0 };
}

/** The refusal a player would expect, written from the rules (spec §4, §9) rather than from decide. */
function expectedRefusal(s: HandState, action: PlayerAction | 'Deal', bank: number, bet: number): string | null {
  const inProgress = s.phase !== 'NoHand' && s.phase !== 'Settled';
  const hand = s.player[s.active];
  const r = s.rules;
  switch (action) {
    case 'Deal':
      if (inProgress) return 'ActiveHand';
      if (!Number.isInteger(bet) || bet < 1 || bet > MAX_BET) return 'InvalidBetAmount';
      return bet > bank ? 'BankTooLow' : null;
    case 'Hit':
      if (s.phase !== 'PlayerTurn') return 'NoActiveHand';
      return hand.splitAces && !r.hitSplitAces ? 'NoHitSplitAces' : null;
    case 'Stand':
      return s.phase !== 'PlayerTurn' ? 'NoActiveHand' : null;
    case 'Double':
      if (s.phase !== 'PlayerTurn') return 'NoActiveHand';
      if (hand.cards.length > 2 && !r.doubleAnyCards) return 'NoDoubleAfterHit';
      if (hand.fromSplit && (!r.doubleAfterSplit || (hand.splitAces && !r.doubleSplitAces))) return 'NoDoubleAfterSplit';
      return bank < s.bet ? 'BankTooLow' : null;
    case 'Split': {
      if (s.phase !== 'PlayerTurn') return 'NoActiveHand';
      const pair = hand.cards.length === 2 && CARD_VALUE[hand.cards[0]] === CARD_VALUE[hand.cards[1]];
      if (!pair || s.player.length >= r.maxHands || (hand.splitAces && !r.resplitAces)) return 'SplitNotAllowed';
      return bank < s.bet ? 'BankTooLow' : null;
    }
    case 'Insurance':
      if (!inProgress) return 'NoActiveHand';
      if (s.phase !== 'InsuranceOffered') return 'InsuranceNotAllowed';
      return bank < Math.floor(s.bet / 2) ? 'BankTooLow' : null;
    case 'NoInsurance':
      if (!inProgress) return 'NoActiveHand';
      return s.phase !== 'InsuranceOffered' ? 'NoInsuranceNotAllowed' : null;
    case 'EvenMoney':
      if (!inProgress) return 'NoActiveHand';
      return s.phase !== 'EvenMoneyOffered' ? 'EvenMoneyNotAllowed' : null;
    case 'NoEvenMoney':
      if (!inProgress) return 'NoActiveHand';
      return s.phase !== 'EvenMoneyOffered' ? 'NoEvenMoneyNotAllowed' : null;
  }
}

function checkSettlement(s: HandSettlement, handEvents: HandEvent[]): void {
  const sum = (type: string) => handEvents.filter((e) => e.type === type).reduce((n, e) => n + (e.data as { amount: number }).amount, 0);
  expect(s.doubleBet).toBe(sum('PlayerDoubled'));
  expect(s.splitBet).toBe(sum('HandSplit'));
  expect(s.insuranceBet).toBe(sum('InsuranceTaken'));
  expect(s.totalBet).toBe(s.bet + s.doubleBet + s.splitBet + s.insuranceBet);
  expect(s.winAmount).toBe(s.win + s.push + s.evenMoney + s.insuranceWin);
  expect(s.hands.reduce((n, h) => n + h.returned, 0)).toBe(s.win + s.push + s.evenMoney);
  expect(s.hands.reduce((n, h) => n + h.stake, 0)).toBe(s.bet + s.doubleBet + s.splitBet);
  expect(s.net).toBe(s.winAmount - s.totalBet);
  expect(handEvents.reduce((n, e) => n + bankDelta(e), 0)).toBe(s.net);
  for (const v of [s.totalBet, s.winAmount, s.net, ...s.hands.map((h) => h.returned)]) expect(Number.isSafeInteger(v)).toBe(true);
}

describe('any sequence of plays (property)', () => {
  it('accepts exactly the allowed actions, refuses the rest with the right code, deals each position once, adds up and replays', () => {
    fc.assert(
      fc.property(anyShoe, fc.integer({ min: 0, max: MAX_LEVEL }), fc.oneof(fc.integer({ min: 1, max: 6000 }), fc.integer({ min: 6000, max: 100_000 })), fc.array(step, { maxLength: 100 }), (cards, level, startBank, steps) => {
        let state = initialState();
        let bank = startBank;
        let position = 0;
        let hands = 0;
        let handEvents: HandEvent[] = [];
        const history: HandEvent[] = [];
        for (const st of steps) {
          const { action, bet } = choose(st, state, bank);
          if (action === 'Deal' && hands === HANDS_PER_SHOE && state.phase === 'Settled') break;
          const command = (
            action === 'Deal'
              ? { type: 'Deal', data: { handId: `h${hands}`, shoeId: 's', bet, bank, cards, firstPosition: position, level } }
              : { type: action, data: { bank, cards } }
          ) as HandCommand;
          const expected = expectedRefusal(state, action, bank, bet);
          const allowed = action === 'Deal' ? expected === null : allowedActions(state, bank).includes(action);
          let events: HandEvent[];
          try {
            events = decide(command, state);
          } catch (e) {
            expect(e).toBeInstanceOf(DomainError);
            expect({ action, code: (e as DomainError).code }).toEqual({ action, code: expected });
            expect(allowed).toBe(false);
            continue;
          }
          expect({ action, code: null }).toEqual({ action, code: expected });
          expect(allowed).toBe(true);
          if (action === 'Deal') {
            hands++;
            handEvents = [];
          }
          // The same events with each card apart, as hands were stored before events carried their cards, fold the same.
          expect(events.some((e) => e.type === 'CardDealt')).toBe(false);
          expect(fold(evolve, state, cardsApart(events))).toEqual(fold(evolve, state, events));
          for (const e of events) {
            for (const c of cardsDealtBy(e)) expect(c.position).toBe(position++);
            state = evolve(state, e);
            bank += bankDelta(e);
            expect(bank).toBeGreaterThanOrEqual(0);
          }
          handEvents.push(...events);
          history.push(...events);
          expect(['InsuranceOffered', 'EvenMoneyOffered', 'PlayerTurn', 'Settled']).toContain(state.phase);
          if (state.phase === 'Settled' && events.some((e) => e.type === 'HandSettled')) {
            checkSettlement(state.settlement!, handEvents);
            expect(state.settlement!.nextPosition).toBe(position);
          }
        }
        expect(fold(evolve, initialState(), history)).toEqual(state);
      }),
      { numRuns: 1000 },
    );
  });

  it('a hand played to the end with basic strategy always settles, at every level', () => {
    fc.assert(
      fc.property(anyShoe, fc.integer({ min: 0, max: MAX_LEVEL }), (cards, level) => {
        let state = initialState();
        let position = 0;
        for (let h = 0; h < HANDS_PER_SHOE; h++) {
          state = fold(evolve, state, decide({ type: 'Deal', data: { handId: `h${h}`, shoeId: 's', bet: 1000, bank: 1e9, cards, firstPosition: position, level } }, state));
          for (let guard = 0; state.phase !== 'Settled'; guard++) {
            expect(guard).toBeLessThan(50);
            const allowed = allowedActions(state, 1e9);
            const hand = state.player[state.phase === 'PlayerTurn' ? state.active : 0];
            const action = recommendedAction(hand, CARD_VALUE[state.dealer.cards[0]], allowed, level);
            expect(allowed).toContain(action);
            state = fold(evolve, state, decide({ type: action, data: { bank: 1e9, cards } }, state));
          }
          expect(state.rules).toBe(LEVEL_RULES[level]);
          position = state.settlement!.nextPosition;
        }
      }),
      { numRuns: 300 },
    );
  });
});
