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
  const { handId: _hand, shoeId: _shoe, rules, settlement, ...rest } = state;
  const own = sameRules(rules, LEVEL_RULES[state.level]) ? {} : { rules };
  if (settlement === null) return { ...rest, ...own, settlement } as unknown as JsonDocument;
  const { handId: _h, shoeId: _s, level: _l, bet: _b, nextPosition: _n, ...settled } = settlement;
  return { ...rest, ...own, settlement: settled } as unknown as JsonDocument;
}

/** The hand engine's state from a row (one stored whole, by a version before, reads as it is). */
export function handStateFromStored(stored: unknown, row: HandRowKeys): HandState {
  const s = stored as Omit<HandState, 'handId' | 'shoeId' | 'rules'> & { handId?: string; rules?: HandRules };
  if (s.handId !== undefined) return s as HandState;
  const settlement: HandSettlement | null =
    s.settlement === null ? null : { ...s.settlement, handId: row.id, shoeId: row.shoe_id, level: s.level, bet: s.bet, nextPosition: s.nextPosition };
  return { ...s, handId: row.id, shoeId: row.shoe_id, rules: s.rules ?? LEVEL_RULES[s.level]!, settlement };
}
