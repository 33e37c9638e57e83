import { z } from 'zod';
import { SUITS } from './fairness/cards';
import { HAND_ACTIONS } from './hand-actions';
import { Sats } from './money';
import { queryInt } from './query';
import type { FieldErrorCodes } from './errors';

/*
 * The game: hands, shoes and the ledger (spec §3, §4, §7). Amounts are integer satoshis. The shoe's
 * constants (seed pattern, hands per shoe, suits) are in fairness/, the hand actions in hand-actions.ts.
 */

export const Suit = z.enum(SUITS);
export type Suit = z.infer<typeof Suit>;

/**
 * A card as the table shows it. A face-down card (the dealer's hole card before the hand settles)
 * has rank 0, value 0, suit null and id null.
 */
export const Card = z.object({
  suit: Suit.nullable(),
  /** 1 ace, 2-10, 11 jack, 12 queen, 13 king; 0 face down. */
  rank: z.number().int().min(0).max(13),
  /** Blackjack value: ace 1, faces 10; 0 face down. */
  value: z.number().int().min(0).max(10),
  /** Position in the shoe (0-207): the order the card was dealt in. */
  cardIndex: z.number().int().min(0),
  /** Card identity 0-207 (deck floor(id/52), suit floor((id%52)/13), rank id%13+1); null face down. */
  id: z.number().int().min(0).max(207).nullable(),
  faceDown: z.boolean(),
});
export type Card = z.infer<typeof Card>;

/** Spec §4 hand states. New: dealt but not in play yet; Active: the hand the player acts on; Finished: waits for the dealer. */
export const HAND_STATES = ['Win', 'Lost', 'Push', 'Active', 'Finished', 'New', 'EvenMoney'] as const;
export const HandState = z.enum(HAND_STATES);
export type HandState = z.infer<typeof HandState>;

/** The actions `PUT hands/<action>` takes, by their path segment. */
export const HandAction = z.enum(HAND_ACTIONS);
export type HandAction = z.infer<typeof HandAction>;

/**
 * Where the hand is. InsuranceOffered / EvenMoneyOffered: waiting for the yes/no answer (dealer shows an
 * ace); PlayerTurn: hit/stand/double/split on `activeHandIndex`; Settled: over, Deal starts the next one.
 */
export const HAND_PHASES = ['InsuranceOffered', 'EvenMoneyOffered', 'PlayerTurn', 'Settled'] as const;
export const HandPhase = z.enum(HAND_PHASES);
export type HandPhase = z.infer<typeof HandPhase>;

export const PlayerHand = z.object({
  cards: z.array(Card),
  cardIndices: z.array(z.number().int()),
  /** '7/17' while a soft hand is in play, '21', 'Bust' above 21. */
  displayScore: z.string(),
  handState: HandState,
  /** True when this hand was doubled (its third card is drawn rotated). */
  doubleBet: z.boolean(),
  /** True when insurance was taken (on the first hand only). */
  insurance: z.boolean(),
  hasBlackjack: z.boolean(),
  /** Best total: one ace counts 11 when that does not bust. */
  score: z.number().int(),
  hasAce: z.boolean(),
  /** Stake on this hand: the bet, plus the double when doubled. */
  betAmount: Sats,
  /** What this hand paid back, stake included (0 when lost); null until the hand settles. */
  winAmount: Sats.nullable(),
});
export type PlayerHand = z.infer<typeof PlayerHand>;

export const DealerHand = z.object({
  /** The hole card is face down (rank 0) until the hand settles. */
  cards: z.array(Card),
  /** Positions of the visible cards only. */
  cardIndices: z.array(z.number().int()),
  /** Score of the visible cards ('A' shows as '1/11'). */
  displayScore: z.string(),
  score: z.number().int(),
  hasBlackjack: z.boolean(),
});
export type DealerHand = z.infer<typeof DealerHand>;

export const Hand = z.object({
  id: z.uuid(),
  shoeId: z.uuid(),
  /** 1-4: which hand of the shoe this is. */
  handNumber: z.number().int().min(1),
  baseBetAmount: Sats,
  createdTime: z.string(),
  /** When the hand settled; null while in play. */
  finishedTime: z.string().nullable(),
  level: z.number().int().min(0),
  phase: HandPhase,
  /** Index into playerHands of the hand in play during PlayerTurn, else null. */
  activeHandIndex: z.number().int().nullable(),
  /** Exactly the actions the server accepts now (for the player's bank at the time of the answer). */
  allowedActions: z.array(HandAction),
  insuranceOffered: z.boolean(),
  evenMoneyOffered: z.boolean(),
  dealerHand: DealerHand,
  playerHands: z.array(PlayerHand),
  insuranceBet: Sats,
  insuranceWin: Sats,
  /** Everything staked on this hand: bet, doubles, splits, insurance. */
  totalBetAmount: Sats,
  /** Sum of every credit of the hand (stakes returned included); null until settled. */
  winAmount: Sats.nullable(),
  /** null until settled. */
  dealerBlackjack: z.boolean().nullable(),
});
export type Hand = z.infer<typeof Hand>;

/** The shoe committed for the next hands, included when an action retired the previous one. */
export const NextShoe = z.object({ id: z.uuid(), houseSeedHash: z.string() });
export type NextShoe = z.infer<typeof NextShoe>;

/** POST hands/ (spec: action response). `bank` is the bank after the action. */
export const ActionResponse = z.object({
  hand: Hand,
  bank: Sats.nullable(),
  /** The hand's winAmount once it settles in this action, else null. */
  winAmount: Sats.nullable(),
  playerSeed: z.string(),
  houseSeedHash: z.string(),
  /** Set when this action was the shoe's fourth hand: the shoe retired and this one is committed next. */
  nextShoe: NextShoe.nullable(),
});
export type ActionResponse = z.infer<typeof ActionResponse>;

/** PUT hands/<action>. */
export const HandActionResponse = z.object({
  hand: Hand,
  bank: Sats.nullable(),
  winAmount: Sats.nullable(),
  nextShoe: NextShoe.nullable(),
});
export type HandActionResponse = z.infer<typeof HandActionResponse>;

/**
 * POST hands/. `playerSeed` that is not a valid seed (43 base64 characters + '=') is replaced by a random
 * one at the deal; the answer carries the seed actually used. It is ignored after the shoe's first hand.
 */
export const DealRequest = z.object({
  betAmount: z.number({ error: 'betAmount must be a number of satoshis' }),
  playerSeed: z.string().max(200).nullish(),
});
export type DealRequest = z.infer<typeof DealRequest>;
/** A bet that is not a number is refused as `InvalidBetAmount`, as a number outside the table's limits is. */
export const DealRequestCodes: FieldErrorCodes = { betAmount: 'InvalidBetAmount' };

/** GET shoes/{id}, GET hands/{id}/shoe. */
export const Shoe = z.object({
  id: z.uuid(),
  /** Empty until the shoe's first hand fixes it. */
  playerSeed: z.string(),
  /** Empty while the shoe is in use; revealed when it retires. */
  houseSeed: z.string(),
  houseSeedHash: z.string(),
  handCount: z.number().int().min(0),
  retired: z.boolean(),
  /** Retired before its fourth hand, at the player's request. */
  retiredEarly: z.boolean(),
  createdTime: z.string(),
  retiredTime: z.string().nullable(),
  /** The 208 cards in dealing order once retired; empty while in use. */
  cards: z.array(Card),
});
export type Shoe = z.infer<typeof Shoe>;

/** PUT shoes/retire: retires the current shoe early (ledger ShowShoe) and commits the next one. */
export const RetireShoeResponse = z.object({ retired: Shoe, next: NextShoe });
export type RetireShoeResponse = z.infer<typeof RetireShoeResponse>;

/** GET players/{id}/hands, newest first. */
export const HandList = z.array(Hand);

/** Ledger entry types, in the order of their numbers (spec §4): a type's number is its index. */
export const LEDGER_TYPES = [
  'BitcoinDeposit', 'Withdraw', 'Bet', 'Double', 'Split', 'InsuranceBet', 'InsuranceWin', 'Win', 'Push',
  'ShowShoe', 'Bonus', 'EvenMoney', 'WithdrawRefund', 'LightningDeposit',
] as const;
export const LedgerType = z.enum(LEDGER_TYPES);
export type LedgerType = z.infer<typeof LedgerType>;

/** One line of GET players/ledger. Debits are negative, credits positive; ShowShoe is 0 and names the shoe in `reference`. */
export const LedgerEntry = z.object({
  id: z.string(),
  type: LedgerType,
  createdTime: z.string(),
  handId: z.string().nullable(),
  reference: z.string().nullable(),
  amount: Sats,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerEntryList = z.array(LedgerEntry);

/**
 * GET players/ledger?d&m&y&o: the player's local calendar day; `o` is the time-zone offset in minutes as
 * JavaScript's Date#getTimezoneOffset gives it (UTC minus local: 180 for UTC-3, -180 for UTC+3).
 */
export const LedgerQuery = z.object({
  d: queryInt('d', { min: 1, max: 31 }),
  m: queryInt('m', { min: 1, max: 12 }),
  y: queryInt('y', { min: 2000, max: 9999 }),
  o: queryInt('o', { min: -840, max: 840 }).default(0),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

/** Lines of a ledger page: the first page of a busy day shows at once, the rest on asking. */
export const LEDGER_PAGE_LIMIT_DEFAULT = 100;
export const LEDGER_PAGE_LIMIT_MAX = 500;

/**
 * GET players/ledger/page?d&m&y&o&offset&limit: the same local day as GET players/ledger, newest line first,
 * `offset` lines skipped and at most `limit` answered (default 100, at most 500), with the whole day's totals.
 */
export const LedgerPageQuery = z.object({
  d: queryInt('d', { min: 1, max: 31 }),
  m: queryInt('m', { min: 1, max: 12 }),
  y: queryInt('y', { min: 2000, max: 9999 }),
  o: queryInt('o', { min: -840, max: 840 }).default(0),
  offset: queryInt('offset', { min: 0, max: 1_000_000 }).default(0),
  limit: queryInt('limit', { min: 1, max: LEDGER_PAGE_LIMIT_MAX }).default(LEDGER_PAGE_LIMIT_DEFAULT),
});
export type LedgerPageQuery = z.infer<typeof LedgerPageQuery>;

/** One part of a day: the sum of its lines (signed sats) and how many there are. */
export const LedgerPartTotal = z.object({ amount: z.number().int(), lines: z.number().int().min(0) });
export type LedgerPartTotal = z.infer<typeof LedgerPartTotal>;

/** A page of the day's lines, newest first; `total` and `totals` are the whole day's, whatever the page. */
export const LedgerPage = z.object({
  items: z.array(LedgerEntry),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  totals: z.object({
    /** The day's net: every line's amount added up. */
    net: z.number().int(),
    parts: z.object({ play: LedgerPartTotal, deposits: LedgerPartTotal, withdrawals: LedgerPartTotal, bonuses: LedgerPartTotal }),
  }),
});
export type LedgerPage = z.infer<typeof LedgerPage>;
