import type { HandActionName } from '../hand-actions';
import { LEVEL_RULES, MAX_LEVEL } from './rules';

/*
 * Basic strategy, shared: the server's simulator and suspect detection judge play by these tables, and
 * the table's strategy coach shows them to the player. Plain TypeScript (no zod, no Node).
 */

/** An action the hand engine takes, by its name (`Hit`, `Stand`, …). */
type PlayerAction = HandActionName;

/**
 * Total-dependent basic strategy for 4 decks, double after split, no surrender, peek.
 * Rows: player total (or pair); columns: dealer up card 2 3 4 5 6 7 8 9 10 A.
 * H hit, S stand, D double (else hit), Ds double (else stand), P split, - do not split.
 */
export type StrategyCode = 'H' | 'S' | 'D' | 'Ds';

export interface StrategyTables {
  readonly name: string;
  /** Hard totals 5-21. */
  readonly hard: Readonly<Record<number, string>>;
  /** Soft totals 12-21 (an ace counted 11). */
  readonly soft: Readonly<Record<number, string>>;
  /** Pairs by card value (1 = aces, 10 = any two ten-values). */
  readonly pairs: Readonly<Record<number, string>>;
}

const ALL_H = 'H  H  H  H  H  H  H  H  H  H';
const ALL_S = 'S  S  S  S  S  S  S  S  S  S';
const NO_SPLIT = '-  -  -  -  -  -  -  -  -  -';

/** Dealer hits soft 17 (levels 0-2). Matches the published 4-8 deck H17 DAS no-surrender chart. */
export const H17_DAS: StrategyTables = {
  name: '4 decks, dealer hits soft 17, double after split',
  hard: {
    5: ALL_H, 6: ALL_H, 7: ALL_H, 8: ALL_H,
    9: /*       2  3  4  5  6  7  8  9  T  A */
           'H  D  D  D  D  H  H  H  H  H',
    10:    'D  D  D  D  D  D  D  D  H  H',
    11:    'D  D  D  D  D  D  D  D  D  D',
    12:    'H  H  S  S  S  H  H  H  H  H',
    13:    'S  S  S  S  S  H  H  H  H  H',
    14:    'S  S  S  S  S  H  H  H  H  H',
    15:    'S  S  S  S  S  H  H  H  H  H',
    16:    'S  S  S  S  S  H  H  H  H  H',
    17: ALL_S, 18: ALL_S, 19: ALL_S, 20: ALL_S, 21: ALL_S,
  },
  soft: {
    12: ALL_H,
    13:    'H  H  H  D  D  H  H  H  H  H',
    14:    'H  H  H  D  D  H  H  H  H  H',
    15:    'H  H  D  D  D  H  H  H  H  H',
    16:    'H  H  D  D  D  H  H  H  H  H',
    17:    'H  D  D  D  D  H  H  H  H  H',
    18:    'Ds Ds Ds Ds Ds S  S  H  H  H',
    19:    'S  S  S  S  Ds S  S  S  S  S',
    20: ALL_S, 21: ALL_S,
  },
  pairs: {
    1:     'P  P  P  P  P  P  P  P  P  P',
    2:     'P  P  P  P  P  P  -  -  -  -',
    3:     'P  P  P  P  P  P  -  -  -  -',
    4:     '-  -  -  P  P  -  -  -  -  -',
    5: NO_SPLIT,
    6:     'P  P  P  P  P  -  -  -  -  -',
    7:     'P  P  P  P  P  P  -  -  -  -',
    8:     'P  P  P  P  P  P  P  P  P  P',
    9:     'P  P  P  P  P  -  P  P  -  -',
    10: NO_SPLIT,
  },
};

/** Dealer stands on soft 17 (levels 3-4): 11 v A hits, soft 18 v 2 and soft 19 v 6 stand. */
export const S17_DAS: StrategyTables = {
  name: '4 decks, dealer stands on soft 17, double after split',
  hard: {
    ...H17_DAS.hard,
    11:    'D  D  D  D  D  D  D  D  D  H',
  },
  soft: {
    ...H17_DAS.soft,
    18:    'S  Ds Ds Ds Ds S  S  H  H  H',
    19: ALL_S,
  },
  pairs: H17_DAS.pairs,
};

/** The table each level plays by; double-on-any-cards (level 4) reads the same D cells on more cards. */
export const STRATEGY_BY_LEVEL: readonly StrategyTables[] = LEVEL_RULES.map((r) => (r.dealerHitsSoft17 ? H17_DAS : S17_DAS));

/** What the strategy needs to know about a player hand; a PlayerHandState satisfies it. */
export interface StrategyHand {
  /** Sum with aces as 1. */
  readonly hard: number;
  readonly hasAce: boolean;
  /** Value of a two-card pair (1 for aces), 0 otherwise. */
  readonly pairValue: number;
}

export function strategyHandOf(cardValues: readonly number[]): StrategyHand {
  let hard = 0;
  for (const v of cardValues) hard += v;
  const pairValue = cardValues.length === 2 && cardValues[0] === cardValues[1] ? cardValues[0] : 0;
  return { hard, hasAce: cardValues.includes(1), pairValue };
}

// Parsed lookups: index (total * 10 + column), column 0-8 for up cards 2-10 and 9 for an ace.
const H = 0;
const S = 1;
const D = 2;
const DS = 3;
interface Compiled {
  readonly hard: Int8Array;
  readonly soft: Int8Array;
  readonly pairs: Int8Array;
}
const CODE: Record<string, number> = { H, S, D, Ds: DS, P: 1, '-': 0 };

function compileRows(rows: Readonly<Record<number, string>>, size: number): Int8Array {
  const out = new Int8Array(size * 10).fill(-1);
  for (const [key, row] of Object.entries(rows)) {
    const cells = row.trim().split(/\s+/);
    if (cells.length !== 10) throw new Error(`strategy row ${key} needs 10 cells`);
    cells.forEach((cell, col) => {
      const code = CODE[cell];
      if (code === undefined) throw new Error(`unknown strategy cell ${cell}`);
      out[Number(key) * 10 + col] = code;
    });
  }
  return out;
}
const compiled = new WeakMap<StrategyTables, Compiled>();
let lastTables: StrategyTables | null = null;
let lastCompiled: Compiled | null = null;
function compile(tables: StrategyTables): Compiled {
  if (tables === lastTables) return lastCompiled!;
  let c = compiled.get(tables);
  if (c === undefined) {
    c = { hard: compileRows(tables.hard, 22), soft: compileRows(tables.soft, 22), pairs: compileRows(tables.pairs, 11) };
    compiled.set(tables, c);
  }
  lastTables = tables;
  lastCompiled = c;
  return c;
}

/** One chart cell as written in the table. */
export function strategyCell(tables: StrategyTables, kind: 'hard' | 'soft' | 'pairs', row: number, dealerUpValue: number): string {
  const line = tables[kind][row];
  if (line === undefined) throw new RangeError(`no ${kind} row ${row}`);
  return line.trim().split(/\s+/)[dealerUpValue === 1 ? 9 : dealerUpValue - 2];
}

export type RecommendedAction = 'Hit' | 'Stand' | 'Double' | 'Split' | 'NoInsurance' | 'NoEvenMoney';

/**
 * The basic-strategy play among `allowed` (from allowedActions). Insurance and even money are
 * always declined. `dealerUpValue` is the up card's value, 1 for an ace.
 */
export function recommendedAction(
  hand: StrategyHand,
  dealerUpValue: number,
  allowed: readonly PlayerAction[],
  level = 0,
): RecommendedAction {
  return recommendedActionFor(hand, dealerUpValue, allowed, STRATEGY_BY_LEVEL[Math.min(Math.max(level, 0), MAX_LEVEL)]);
}

export function recommendedActionFor(
  hand: StrategyHand,
  dealerUpValue: number,
  allowed: readonly PlayerAction[],
  tables: StrategyTables,
): RecommendedAction {
  if (allowed.includes('NoInsurance')) return 'NoInsurance';
  if (allowed.includes('NoEvenMoney')) return 'NoEvenMoney';
  const t = compile(tables);
  const col = dealerUpValue === 1 ? 9 : dealerUpValue - 2;
  if (hand.pairValue > 0 && t.pairs[hand.pairValue * 10 + col] === 1 && allowed.includes('Split')) return 'Split';
  const soft = hand.hasAce && hand.hard <= 11;
  const code = soft ? t.soft[(hand.hard + 10) * 10 + col] : t.hard[Math.max(hand.hard, 5) * 10 + col];
  const canHit = allowed.includes('Hit');
  switch (code) {
    case D:
      return allowed.includes('Double') ? 'Double' : canHit ? 'Hit' : 'Stand';
    case DS:
      return allowed.includes('Double') ? 'Double' : 'Stand';
    case H:
      return canHit ? 'Hit' : 'Stand';
    default:
      return 'Stand';
  }
}
