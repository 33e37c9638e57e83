/*
 * The hand actions, a plain module (no zod) so the client bundle may import its values;
 * `HandAction` (contracts/src/game.ts) is the wire type of one.
 */

/** The actions `PUT hands/<action>` takes, by their path segment. */
export const HAND_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'noinsurance', 'evenmoney', 'noevenmoney'] as const;
type HandAction = (typeof HAND_ACTIONS)[number];

/** The hand engine's name of each action, by its path segment. */
export const HAND_ACTION_NAMES = {
  hit: 'Hit',
  stand: 'Stand',
  double: 'Double',
  split: 'Split',
  insurance: 'Insurance',
  noinsurance: 'NoInsurance',
  evenmoney: 'EvenMoney',
  noevenmoney: 'NoEvenMoney',
} as const satisfies Record<HandAction, string>;
export type HandActionName = (typeof HAND_ACTION_NAMES)[HandAction];
