import { type HandRules, LEVEL_RULES } from '@bahati/contracts';
import type { HandSettlement, HandState } from '../../domain/hand/hand';
import type { JsonDocument } from '../columns';

/** The columns of a hands row that give back what its stored state leaves out. */
export interface HandRowKeys {
  readonly id: string;
  readonly shoe_id: string;
}

const sameRules = (a: HandRules, b: HandRules | undefined): boolean =>
  b !== undefined && (Object.keys(a) as (keyof HandRules)[]).every((k) => a[k] === b[k]) && Object.keys(a).length === Object.keys(b).length;

/**
 * A hand's state as its row stores it: the hand engine's state less what the row gives again. The hand's and the
 * shoe's ids are the row's `id` and `shoe_id`; the rules are those of the hand's level (kept when they are not); the
 * settlement's copies of the ids, the level, the bet and the next position are the state's own. About a quarter of
 * the document.
 */
export function storedHandState(state: HandState): JsonDocument {
  // Each field named, no rest or spread (written once per hand, on V8's slow path those were most of its cost); the
  // types below fail to compile when the state or the settlement gains a field this leaves out.
  const s = state.settlement;
  const settlement: StoredSettlement | null = s === null ? null : {
    doubleBet: s.doubleBet, splitBet: s.splitBet, insuranceBet: s.insuranceBet, insuranceWin: s.insuranceWin, win: s.win, push: s.push,
    evenMoney: s.evenMoney, totalBet: s.totalBet, winAmount: s.winAmount, net: s.net, hands: s.hands, dealerScore: s.dealerScore,
    dealerBlackjack: s.dealerBlackjack, dealerBust: s.dealerBust,
  };
  const stored: StoredHandState = {
    phase: state.phase, level: state.level, bet: state.bet, firstPosition: state.firstPosition, nextPosition: state.nextPosition, player: state.player,
    active: state.active, dealer: state.dealer, insuranceBet: state.insuranceBet, evenMoneyTaken: state.evenMoneyTaken, settlement,
  };
  if (!sameRules(state.rules, LEVEL_RULES[state.level])) stored.rules = state.rules;
  return stored as unknown as JsonDocument;
}

/** The settlement as stored: less the ids, the level, the bet and the next position, which the state holds. */
type StoredSettlement = Omit<HandSettlement, 'handId' | 'shoeId' | 'level' | 'bet' | 'nextPosition'>;
/** The state as stored: less the ids (the row's columns) and the rules (kept only when not the level's). */
type StoredHandState = { readonly [K in Exclude<keyof HandState, 'handId' | 'shoeId' | 'rules' | 'settlement'>]: HandState[K] } & {
  rules?: HandRules;
  settlement: StoredSettlement | null;
};

/** The hand engine's state from a row (one stored whole, by a version before, reads as it is). */
export function handStateFromStored(stored: unknown, row: HandRowKeys): HandState {
  const s = stored as Omit<HandState, 'handId' | 'shoeId' | 'rules'> & { handId?: string; rules?: HandRules };
  if (s.handId !== undefined) return s as HandState;
  const settlement: HandSettlement | null =
    s.settlement === null ? null : { ...s.settlement, handId: row.id, shoeId: row.shoe_id, level: s.level, bet: s.bet, nextPosition: s.nextPosition };
  return { ...s, handId: row.id, shoeId: row.shoe_id, rules: s.rules ?? LEVEL_RULES[s.level]!, settlement };
}
