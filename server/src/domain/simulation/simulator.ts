import { CARD_VALUE, HANDS_PER_SHOE, isValidBet, MAX_BET, MIN_BET, recommendedActionFor, STRATEGY_BY_LEVEL } from '@bahati/contracts';
import { allowedActions, decide } from '../hand/decide';
import type { HandCommand, PlayerAction } from '../hand/decide';
import { evolve, initialState, scoreOf } from '../hand/hand';
import type { HandEvent, HandState } from '../hand/hand';
import type { HandRules, StrategyTables } from '@bahati/contracts';


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
  /**
   * Called before every command with a shoe position no card the command can draw reaches (see
   * MAX_CARDS_PER_COMMAND), for a shoe that is shuffled as far as it is dealt (`FastShoes.reveal`).
   */
  readonly reveal?: (end: number) => void;
}

/**
 * The most cards one command can draw: a deal's four, then the dealer's play. The dealer starts
 * from two cards worth at least 2 and stops at a hard total of 17 at the latest, each card adding
 * at least 1, so the play draws at most 15. (A split draws 2 and a hit or double 1 before it.)
 */
export const MAX_CARDS_PER_COMMAND = 4 + 15;

/**
 * A sum of squares kept exact beyond 2^53: `small` takes each term (every term here is below 2^51)
 * and is carried into `big` before it could pass 2^52, so no addition ever rounds. The value is
 * big + small; two sums of the same terms, added in any order or split, have the same value.
 */
export interface ExactSum {
  big: bigint;
  small: number;
}
export const CARRY_AT = 2 ** 52;
export function exactSum(): ExactSum {
  return { big: 0n, small: 0 };
}
export function valueOf(sum: ExactSum): bigint {
  return sum.big + BigInt(sum.small);
}
/** Adds a term (a whole number below 2^51) to the sum. */
export function addSquare(sum: ExactSum, term: number): void {
  sum.small += term;
  if (sum.small >= CARRY_AT) {
    sum.big += BigInt(sum.small);
    sum.small = 0;
  }
}
/** Adds `from` into `into`. */
export function addExact(into: ExactSum, from: ExactSum): void {
  into.big += from.big + BigInt(from.small);
}

export interface SimulationTotals {
  hands: number;
  bet: number;
  /** Sum of every hand's net, in satoshis (exact). */
  net: number;
  /** Sum of every hand's net², in satoshis² (exact). */
  netSquared: ExactSum;
  /** Sum of totalBet (bet + doubles + splits + insurance), in satoshis. */
  totalBet: number;
  blackjacks: number;
  wins: number;
  pushes: number;
  losses: number;
  /** The same sums for the 1st, 2nd, 3rd and 4th hand of each shoe (the shoe's depth). */
  byHandOfShoe: { hands: number; net: number; netSquared: ExactSum }[];
}

/** A bank no hand can exhaust, so the simulation never meets BankTooLow. */
const BANK = Number.MAX_SAFE_INTEGER;

export function emptyTotals(bet: number): SimulationTotals {
  return {
    hands: 0,
    bet,
    net: 0,
    netSquared: exactSum(),
    totalBet: 0,
    blackjacks: 0,
    wins: 0,
    pushes: 0,
    losses: 0,
    byHandOfShoe: Array.from({ length: HANDS_PER_SHOE }, () => ({ hands: 0, net: 0, netSquared: exactSum() })),
  };
}

/** Adds the totals of `from` into `into` (same bet): exact, so the order of the parts never matters. */
export function mergeTotals(into: SimulationTotals, from: SimulationTotals): SimulationTotals {
  if (into.bet !== from.bet) throw new RangeError('totals of different bets do not add up');
  into.hands += from.hands;
  into.net += from.net;
  addExact(into.netSquared, from.netSquared);
  into.totalBet += from.totalBet;
  into.blackjacks += from.blackjacks;
  into.wins += from.wins;
  into.pushes += from.pushes;
  into.losses += from.losses;
  for (let i = 0; i < into.byHandOfShoe.length; i++) {
    const a = into.byHandOfShoe[i];
    const b = from.byHandOfShoe[i];
    a.hands += b.hands;
    a.net += b.net;
    addExact(a.netSquared, b.netSquared);
  }
  return into;
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
  if (!isValidBet(bet)) throw new RangeError(`bet must be an integer from ${MIN_BET} to ${MAX_BET}`);
  if (totals.bet !== bet) throw new RangeError('the totals were started for another bet');
  const { level, rules, policy, nextShoe } = options;
  const reveal = options.reveal ?? null;
  const squares = totals.netSquared;
  let state = initialState();
  let played = 0;
  while (played < options.hands) {
    const cards = nextShoe();
    const action = { bank: BANK, cards };
    let position = 0;
    for (let h = 0; h < HANDS_PER_SHOE && played < options.hands; h++, played++) {
      if (reveal !== null) reveal(position + MAX_CARDS_PER_COMMAND);
      state = apply(state, decide({ type: 'Deal', data: { handId: 'sim', shoeId: 'sim', bet, bank: BANK, cards, firstPosition: position, level, rules } }, state));
      while (state.phase !== 'Settled') {
        if (reveal !== null) reveal(state.nextPosition + MAX_CARDS_PER_COMMAND);
        const command = { type: policy(state, allowedActions(state, BANK)), data: action } as HandCommand;
        state = apply(state, decide(command, state));
      }
      const s = state.settlement!;
      position = s.nextPosition;
      const net = s.net;
      const square = net * net;
      totals.hands++;
      totals.net += net;
      squares.small += square;
      if (squares.small >= CARRY_AT) {
        squares.big += BigInt(squares.small);
        squares.small = 0;
      }
      totals.totalBet += s.totalBet;
      const depth = totals.byHandOfShoe[h];
      depth.hands++;
      depth.net += net;
      const depthSquares = depth.netSquared;
      depthSquares.small += square;
      if (depthSquares.small >= CARRY_AT) {
        depthSquares.big += BigInt(depthSquares.small);
        depthSquares.small = 0;
      }
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

/** A sum of net² in satoshis² as units of the bet². */
function inBets(sum: ExactSum, bet: number): number {
  return Number(valueOf(sum)) / (bet * bet);
}

export function summarize(t: SimulationTotals): SimulationSummary {
  const all = edgeOf(t.hands, t.net / t.bet, inBets(t.netSquared, t.bet));
  return {
    hands: t.hands,
    houseEdgePct: all.houseEdgePct,
    stdErrorPct: all.stdErrorPct,
    sdPerHand: all.sd,
    avgTotalBetPerHand: t.totalBet / t.bet / t.hands,
    houseEdgeByHandOfShoe: t.byHandOfShoe.map((d) => {
      const { hands, houseEdgePct, stdErrorPct } = edgeOf(d.hands, d.net / t.bet, inBets(d.netSquared, t.bet));
      return { hands, houseEdgePct, stdErrorPct };
    }),
  };
}
