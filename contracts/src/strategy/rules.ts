/** Table rules of a hand. A level (0-4, by total amount bet) picks a set; see docs/house-edge.md. */
export interface HandRules {
  /** H17: the dealer hits soft 17 (true) or stands on all 17s (false). */
  readonly dealerHitsSoft17: boolean;
  readonly doubleAfterSplit: boolean;
  /** false: a hand may double only on its first two cards. */
  readonly doubleAnyCards: boolean;
  /** Most player hands splits may make (spec: four). */
  readonly maxHands: number;
  /** A split ace dealt another ace may be split again (up to maxHands). */
  readonly resplitAces: boolean;
  /** Split aces may be hit; when false each gets exactly one card. */
  readonly hitSplitAces: boolean;
  /** A two-card split-ace hand may double. */
  readonly doubleSplitAces: boolean;
  /** A hand that reaches this many cards without busting wins at once ("Charlie"); 0: no such rule. */
  readonly charlie: number;
}

/** Spec §9: H17, double on any two cards, double after split, split to four hands, split aces one card each, no surrender. */
export const BASE_RULES: HandRules = Object.freeze({
  dealerHitsSoft17: true,
  doubleAfterSplit: true,
  doubleAnyCards: false,
  maxHands: 4,
  resplitAces: false,
  hitSplitAces: false,
  doubleSplitAces: false,
  charlie: 0,
});

/** Each level keeps the rules of the one below and adds one in the player's favour. */
export const LEVEL_RULES: readonly HandRules[] = (() => {
  const l1: HandRules = Object.freeze({ ...BASE_RULES, resplitAces: true });
  const l2: HandRules = Object.freeze({ ...l1, doubleSplitAces: true });
  const l3: HandRules = Object.freeze({ ...l2, hitSplitAces: true });
  const l4: HandRules = Object.freeze({ ...l3, charlie: 6 });
  return Object.freeze([BASE_RULES, l1, l2, l3, l4]);
})();
export const MAX_LEVEL = LEVEL_RULES.length - 1;

/** Total amount bet (sats) at which each level starts; a setting, these are the defaults (0, 0.1, 1, 10, 100 BTC). */
export const DEFAULT_LEVEL_THRESHOLDS: readonly number[] = Object.freeze([0, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000]);

export function levelForTotalBet(totalBet: number, thresholds: readonly number[] = DEFAULT_LEVEL_THRESHOLDS): number {
  let level = 0;
  for (let l = 1; l < thresholds.length && l <= MAX_LEVEL; l++) if (totalBet >= thresholds[l]) level = l;
  return level;
}

export function rulesForLevel(level: number): HandRules {
  const rules = LEVEL_RULES[level];
  if (rules === undefined) throw new RangeError(`level must be an integer from 0 to ${MAX_LEVEL}, got ${level}`);
  return rules;
}
