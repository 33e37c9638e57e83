import { HAND_ACTION_NAMES, recommendedAction, strategyHandOf, type CoachAction, type Hand, type HandAction, type HandActionName } from '@bahati/contracts';

const PLAYS = ['hit', 'stand', 'double', 'split'] as const satisfies readonly HandAction[];
const BY_NAME = Object.fromEntries(Object.entries(HAND_ACTION_NAMES).map(([path, name]) => [name, path])) as Record<HandActionName, HandAction>;

/** What the coach marks at a decision: the play, and the position it is the chart's play for. */
export interface CoachPick {
  action: HandAction;
  /** The hand's card values and best total, and the dealer's up card value (1 for an ace). */
  cards: number[];
  total: number;
  soft: boolean;
  dealerUp: number;
}

/**
 * The basic-strategy play for the decision on the table: the chart of the hand's level (the tables the
 * server's simulator and suspect detection use, from contracts), among the plays the server allows now.
 * Insurance and even money are always declined. Null when there is no decision.
 */
export function coachPick(hand: Hand | null): CoachPick | null {
  if (!hand) return null;
  const up = hand.dealerHand.cards.find((c) => !c.faceDown)?.value;
  if (!up) return null;
  const describe = (cards: number[], action: HandAction): CoachPick => {
    const hard = cards.reduce((a, b) => a + b, 0);
    const soft = cards.includes(1) && hard <= 11;
    return { action, cards, total: soft ? hard + 10 : hard, soft, dealerUp: up };
  };
  const first = hand.playerHands[0]?.cards.map((c) => c.value) ?? [];
  if (hand.phase === 'InsuranceOffered') return hand.allowedActions.includes('noinsurance') ? describe(first, 'noinsurance') : null;
  if (hand.phase === 'EvenMoneyOffered') return hand.allowedActions.includes('noevenmoney') ? describe(first, 'noevenmoney') : null;
  if (hand.phase !== 'PlayerTurn' || hand.activeHandIndex === null) return null;
  const active = hand.playerHands[hand.activeHandIndex];
  if (!active) return null;
  const cards = active.cards.map((c) => c.value);
  const allowed = hand.allowedActions.filter((a): a is (typeof PLAYS)[number] => (PLAYS as readonly string[]).includes(a)).map((a) => HAND_ACTION_NAMES[a]);
  if (allowed.length === 0) return null;
  return describe(cards, BY_NAME[recommendedAction(strategyHandOf(cards), up, allowed, hand.level)]);
}

/** The catalog key of a judged decision's name (the four plays and the answers to the offers). */
export const COACH_ACTION_KEYS = {
  Hit: 'game.actions.hit',
  Stand: 'game.actions.stand',
  Double: 'game.actions.double',
  Split: 'game.actions.split',
  Insurance: 'game.coach.actions.insurance',
  NoInsurance: 'game.coach.actions.noInsurance',
  EvenMoney: 'game.coach.actions.evenMoney',
  NoEvenMoney: 'game.coach.actions.noEvenMoney',
} as const satisfies Record<CoachAction, string>;
type ActionKey = (typeof COACH_ACTION_KEYS)[CoachAction];

/** The name of a decision as `coachPick` gives it (a path segment), for the same keys. */
export const PICK_KEYS = Object.fromEntries(
  Object.entries(HAND_ACTION_NAMES).map(([path, name]) => [path, COACH_ACTION_KEYS[name as CoachAction]]),
) as Record<HandAction, ActionKey>;
