import * as contracts from '@bahati/contracts';
import * as decideModule from '../hand/decide';
import type { HandCommand, PlayerAction } from '../hand/decide';
import * as handModule from '../hand/hand';
import type { HandEvent, HandState } from '../hand/hand';
import type { HandRules, StrategyTables } from '@bahati/contracts';

// Hot imports are bound once: CommonJS transpilers (tsx, jest) read an imported name through a getter on every use.
const { CARD_VALUE, HANDS_PER_SHOE, MAX_BET, MIN_BET, recommendedActionFor, STRATEGY_BY_LEVEL } = contracts;
const { allowedActions, decide } = decideModule;
const { evolve, initialState, scoreOf } = handModule;

/** Chooses the next action; `allowed` comes from allowedActions and is never empty while a hand is in play. */
export type Policy = (state: HandState, allowed: readonly PlayerAction[]) => PlayerAction;

export function basicStrategyPolicy(tables: StrategyTables): Policy {
  return (state, allowed) => {
    const hand = state.player[state.phase === 'PlayerTurn' ? state.active : 0];
    return recommendedActionFor(hand, CARD_VALUE[state.dealer.cards[0]], allowed, tables);
  };
}
export function basicStrategyForLevel(level: number): Policy {
  return basicStrategyPolicy(STRATEGY_BY_LEVEL[level]);
}

/** Hit below 17, otherwise stand; never double, split or insure (the benchmark's common strategy). */
export const naivePolicy: Policy = (state, allowed) => {
  if (state.phase === 'InsuranceOffered') return 'NoInsurance';
  if (state.phase === 'EvenMoneyOffered') return 'NoEvenMoney';
  const hand = state.player[state.active];
  return scoreOf(hand.hard, hand.hasAce) < 17 && allowed.includes('Hit') ? 'Hit' : 'Stand';
};

export interface SimulationOptions {
  readonly hands: number;
  readonly level: number;
  /** Overrides the level's rules (to measure a rule on its own). */
  readonly rules?: HandRules;
  /** Initial bet per hand in satoshis. Even, so that 3:2 is exact; see docs/house-edge.md on rounding. */
  readonly bet?: number;
  readonly policy: Policy;
  /** Returns the next shoe (208 card ids in dealing order); called once every HANDS_PER_SHOE hands. */
  readonly nextShoe: () => ArrayLike<number>;
}

export interface SimulationTotals {
  hands: number;
  bet: number;
  /** Sum of every hand's net, in satoshis (exact). */
  net: number;
  /** Sum of net² in units of the bet². */
  netSquaredUnits: number;
  /** Sum of totalBet (bet + doubles + splits + insurance), in satoshis. */
  totalBet: number;
  blackjacks: number;
  wins: number;
  pushes: number;
  losses: number;
  /** The same sums for the 1st, 2nd, 3rd and 4th hand of each shoe (the shoe's depth). */
  byHandOfShoe: { hands: number; net: number; netSquaredUnits: number }[];
}

/** A bank no hand can exhaust, so the simulation never meets BankTooLow. */
const BANK = Number.MAX_SAFE_INTEGER;

export function emptyTotals(bet: number): SimulationTotals {
  return {
    hands: 0,
    bet,
    net: 0,
    netSquaredUnits: 0,
    totalBet: 0,
    blackjacks: 0,
    wins: 0,
    pushes: 0,
    losses: 0,
    byHandOfShoe: Array.from({ length: HANDS_PER_SHOE }, () => ({ hands: 0, net: 0, netSquaredUnits: 0 })),
  };
}

function apply(state: HandState, events: readonly HandEvent[]): HandState {
  let s = state;
  for (let i = 0; i < events.length; i++) s = evolve(s, events[i]);
  return s;
}

/**
 * Plays hands through the production decider exactly as the server does: decide, then evolve
 * every event; 4 hands per shoe from consecutive shoe positions.
 */
export function simulate(options: SimulationOptions, totals: SimulationTotals = emptyTotals(options.bet ?? 1000)): SimulationTotals {
  const bet = options.bet ?? 1000;
  if (!Number.isSafeInteger(bet) || bet < MIN_BET || bet > MAX_BET) throw new RangeError(`bet must be an integer from ${MIN_BET} to ${MAX_BET}`);
  const { level, rules, policy, nextShoe } = options;
  let state = initialState();
  let played = 0;
  while (played < options.hands) {
    const cards = nextShoe();
    const action = { bank: BANK, cards };
    let position = 0;
    for (let h = 0; h < HANDS_PER_SHOE && played < options.hands; h++, played++) {
      state = apply(state, decide({ type: 'Deal', data: { handId: 'sim', shoeId: 'sim', bet, bank: BANK, cards, firstPosition: position, level, rules } }, state));
      while (state.phase !== 'Settled') {
        const command = { type: policy(state, allowedActions(state, BANK)), data: action } as HandCommand;
        state = apply(state, decide(command, state));
      }
      const s = state.settlement!;
      position = s.nextPosition;
      totals.hands++;
      totals.net += s.net;
      const units = s.net / bet;
      totals.netSquaredUnits += units * units;
      totals.totalBet += s.totalBet;
      const depth = totals.byHandOfShoe[h];
      depth.hands++;
      depth.net += s.net;
      depth.netSquaredUnits += units * units;
      for (const hand of s.hands) {
        if (hand.blackjack) totals.blackjacks++;
        if (hand.outcome === 'Win' || hand.outcome === 'EvenMoney') totals.wins++;
        else if (hand.outcome === 'Push') totals.pushes++;
        else totals.losses++;
      }
    }
  }
  return totals;
}

export interface EdgeEstimate {
  hands: number;
  houseEdgePct: number;
  stdErrorPct: number;
}

function edgeOf(hands: number, netUnits: number, netSquaredUnits: number): EdgeEstimate & { sd: number } {
  const mean = netUnits / hands;
  const variance = hands > 1 ? (netSquaredUnits - hands * mean * mean) / (hands - 1) : 0;
  const sd = Math.sqrt(Math.max(variance, 0));
  return { hands, houseEdgePct: -mean * 100, stdErrorPct: (sd / Math.sqrt(hands)) * 100, sd };
}

export interface SimulationSummary {
  hands: number;
  /** -mean(net) / bet, in percent. */
  houseEdgePct: number;
  stdErrorPct: number;
  /** Standard deviation of one hand's net, in units of the initial bet. */
  sdPerHand: number;
  /** Mean of (bet + doubles + splits + insurance) per hand, in units of the initial bet. */
  avgTotalBetPerHand: number;
  /** The edge of the 1st, 2nd, 3rd and 4th hand of a shoe. */
  houseEdgeByHandOfShoe: EdgeEstimate[];
}

export function summarize(t: SimulationTotals): SimulationSummary {
  const all = edgeOf(t.hands, t.net / t.bet, t.netSquaredUnits);
  return {
    hands: t.hands,
    houseEdgePct: all.houseEdgePct,
    stdErrorPct: all.stdErrorPct,
    sdPerHand: all.sd,
    avgTotalBetPerHand: t.totalBet / t.bet / t.hands,
    houseEdgeByHandOfShoe: t.byHandOfShoe.map((d) => {
      const { hands, houseEdgePct, stdErrorPct } = edgeOf(d.hands, d.net / t.bet, d.netSquaredUnits);
      return { hands, houseEdgePct, stdErrorPct };
    }),
  };
}
