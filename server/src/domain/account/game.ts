import { DomainError, type DomainEvent, fold } from '../decider';
import { type HandCommand, type PlayerAction, handDecider } from '../hand/decide';
import { handInPlay, type HandEvent, type HandState, initialState as initialHandState, isHandEvent } from '../hand/hand';
import { HANDS_PER_SHOE, isValidSeed, levelForTotalBet } from '@bahati/contracts';
import { shuffleShoe } from '../fairness';
import { type PlayerStanding, refuseBanned } from './standing';

/**
 * The game part of the account: the shoe lifecycle, the hand in play and the player's statistics.
 *
 * Shoe lifecycle: ShoeCommitted (house seed chosen, its hash shown) → ShoeStarted at the first deal
 * (the player seed is fixed) → four hands → ShoeRetired (house seed revealed) → the next ShoeCommitted
 * in the same command. A player may retire a started shoe early between hands.
 */
export type ShoeCommitted = DomainEvent<'ShoeCommitted', { shoeId: string; houseSeed: string; houseSeedHash: string; committedAt: string }>;
export type ShoeStarted = DomainEvent<'ShoeStarted', { shoeId: string; playerSeed: string; playerSeedReplaced: boolean; startedAt: string }>;
/** Opens a hand of the shoe; the hand engine's HandStarted follows. Carries the hand's time and number in the shoe. */
export type HandOpened = DomainEvent<'HandOpened', { handId: string; shoeId: string; handNumber: number; openedAt: string }>;
export type ShoeRetired = DomainEvent<
  'ShoeRetired',
  { shoeId: string; houseSeed: string; playerSeed: string | null; handCount: number; early: boolean; lastHandId: string | null; retiredAt: string }
>;

export type ShoeEvent = ShoeCommitted | ShoeStarted | HandOpened | ShoeRetired;
export type GameEvent = ShoeEvent | HandEvent;

/** The shoe's events, once (a new member of `ShoeEvent` fails to compile here until it is named). */
const SHOE_EVENT_TYPES = { ShoeCommitted: true, ShoeStarted: true, HandOpened: true, ShoeRetired: true } as const satisfies Record<ShoeEvent['type'], true>;

/** Whether an account event belongs to the game (the shoe's or the hand's). */
export function isGameEvent(event: { readonly type: string }): event is GameEvent {
  return Object.hasOwn(SHOE_EVENT_TYPES, event.type) || isHandEvent(event);
}

/** A freshly drawn house seed, used only if the command commits a new shoe. */
export interface NextShoe {
  shoeId: string;
  houseSeed: string;
  houseSeedHash: string;
}

export type GameCommand =
  /** Commits a shoe unless one is committed. `replace` (development only) retires the current shoe between hands first. */
  | { type: 'CommitShoe'; next: NextShoe; replace?: boolean; now: string }
  | {
      type: 'DealHand';
      handId: string;
      bet: number;
      /** As the player sent it; replaced by `randomPlayerSeed` when it is not a valid seed. */
      playerSeed: string | null;
      randomPlayerSeed: string;
      standing: PlayerStanding;
      requirePhone: boolean;
      next: NextShoe;
      now: string;
    }
  | { type: 'PlayHand'; action: PlayerAction; standing: PlayerStanding; next: NextShoe; now: string }
  | { type: 'RetireShoe'; standing: PlayerStanding; next: NextShoe; now: string };

export interface ShoeState {
  shoeId: string;
  houseSeed: string;
  houseSeedHash: string;
  committedAt: string;
  /** Null until the first deal fixes it. */
  playerSeed: string | null;
  /** The 208 card ids in dealing order, derived from the two seeds at ShoeStarted. */
  cards: number[] | null;
  handCount: number;
  nextPosition: number;
  lastHandId: string | null;
}

export interface HandMeta {
  handId: string;
  shoeId: string;
  handNumber: number;
  openedAt: string;
}

/** JSON-friendly on purpose: it is stored in snapshots. */
export interface GameState {
  shoe: ShoeState | null;
  /** The hand in play, or the last one played (phase Settled). */
  hand: HandState;
  handMeta: HandMeta | null;
  handsPlayed: number;
  totalBetAmount: number;
  /** Everything the settled hands paid back (stakes returned and wins). */
  totalWonAmount: number;
}

export const initialGameState = (): GameState => ({ shoe: null, hand: initialHandState(), handMeta: null, handsPlayed: 0, totalBetAmount: 0, totalWonAmount: 0 });

export function isHandInPlay(game: GameState): boolean {
  return handInPlay(game.hand);
}

export function playerLevel(game: GameState): number {
  return levelForTotalBet(game.totalBetAmount);
}

export function decideGame(command: GameCommand, state: { readonly bank: number; readonly game: GameState }): GameEvent[] {
  const game = state.game;
  switch (command.type) {
    case 'CommitShoe': {
      const shoe = game.shoe;
      if (shoe && !command.replace) return [];
      if (shoe && isHandInPlay(game)) throw new DomainError('ActiveHand', 'Finish the hand in play first.');
      const out: GameEvent[] = [];
      if (shoe) out.push(retired(shoe, true, command.now));
      out.push(committed(command.next, command.now));
      return out;
    }
    case 'DealHand': {
      const { standing } = command;
      refuseBanned(standing);
      if (standing.selfExcluded) throw new DomainError('SelfExcluded', 'This account is self-excluded from play; change the setting on your profile.');
      if (command.requirePhone && !standing.phoneVerified) throw new DomainError('PhoneVerifyRequired', 'Verify your phone number before you play.');
      // The bet's range and "bet ≤ bank" are the hand engine's rules (the deal below); an empty bank is told apart.
      if (state.bank <= 0 && !isHandInPlay(game)) throw new DomainError('BankTooLow', 'Deposit before you play.');
      const bet = command.bet;

      const out: GameEvent[] = [];
      let shoe = game.shoe;
      if (!shoe) {
        const e = committed(command.next, command.now);
        out.push(e);
        shoe = evolveShoe(null, e);
      }
      if (shoe.playerSeed === null) {
        const valid = command.playerSeed !== null && isValidSeed(command.playerSeed);
        const e: ShoeStarted = {
          type: 'ShoeStarted',
          data: { shoeId: shoe.shoeId, playerSeed: valid ? command.playerSeed! : command.randomPlayerSeed, playerSeedReplaced: !valid, startedAt: command.now },
        };
        out.push(e);
        shoe = evolveShoe(shoe, e);
      }
      const handNumber = shoe.handCount + 1;
      const opened: HandOpened = { type: 'HandOpened', data: { handId: command.handId, shoeId: shoe.shoeId, handNumber, openedAt: command.now } };
      out.push(opened);
      shoe = evolveShoe(shoe, opened);
      const handEvents = handDecider.decide(
        {
          type: 'Deal',
          data: { handId: command.handId, shoeId: shoe.shoeId, bet, bank: state.bank, cards: shoe.cards!, firstPosition: shoe.nextPosition, level: playerLevel(game) },
        },
        game.hand,
      );
      out.push(...handEvents);
      if (handNumber >= HANDS_PER_SHOE && settles(handEvents)) out.push(...retireAndCommit(shoe, command.handId, false, command.next, command.now));
      return out;
    }
    case 'PlayHand': {
      refuseBanned(command.standing);
      const shoe = game.shoe;
      if (!isHandInPlay(game) || !shoe?.cards || game.hand.shoeId !== shoe.shoeId) {
        throw new DomainError('NoActiveHand', 'There is no hand in play; deal a new one.');
      }
      const handEvents = handDecider.decide({ type: command.action, data: { bank: state.bank, cards: shoe.cards } } as HandCommand, game.hand);
      const out: GameEvent[] = [...handEvents];
      const handCount = shoe.handCount;
      if (handCount >= HANDS_PER_SHOE && settles(handEvents)) out.push(...retireAndCommit(shoe, game.hand.handId, false, command.next, command.now));
      return out;
    }
    case 'RetireShoe': {
      refuseBanned(command.standing);
      const shoe = game.shoe;
      if (isHandInPlay(game)) throw new DomainError('ActiveHand', 'Finish the hand in play before retiring the shoe.');
      if (!shoe || shoe.playerSeed === null) throw new DomainError('ShoeNotFound', 'No shoe in use: the current shoe has not dealt a hand yet.');
      return retireAndCommit(shoe, shoe.lastHandId, true, command.next, command.now);
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

function settles(events: readonly HandEvent[]): boolean {
  return events.some((e) => e.type === 'HandSettled');
}

function committed(next: NextShoe, now: string): ShoeCommitted {
  return { type: 'ShoeCommitted', data: { shoeId: next.shoeId, houseSeed: next.houseSeed, houseSeedHash: next.houseSeedHash, committedAt: now } };
}

function retired(shoe: ShoeState, early: boolean, now: string): ShoeRetired {
  return {
    type: 'ShoeRetired',
    data: { shoeId: shoe.shoeId, houseSeed: shoe.houseSeed, playerSeed: shoe.playerSeed, handCount: shoe.handCount, early, lastHandId: shoe.lastHandId, retiredAt: now },
  };
}

function retireAndCommit(shoe: ShoeState, lastHandId: string | null, early: boolean, next: NextShoe, now: string): GameEvent[] {
  if (next.shoeId === shoe.shoeId) throw new DomainError('Conflict', 'The next shoe needs a new id.');
  return [retired({ ...shoe, lastHandId }, early, now), committed(next, now)];
}

function evolveShoe(shoe: ShoeState | null, event: ShoeEvent): ShoeState {
  switch (event.type) {
    case 'ShoeCommitted': {
      const d = event.data;
      return { shoeId: d.shoeId, houseSeed: d.houseSeed, houseSeedHash: d.houseSeedHash, committedAt: d.committedAt, playerSeed: null, cards: null, handCount: 0, nextPosition: 0, lastHandId: null };
    }
    case 'ShoeStarted':
      // The card order follows from the two seeds alone, so it is derived here rather than stored in an event.
      return { ...shoe!, playerSeed: event.data.playerSeed, cards: shuffleShoe(event.data.playerSeed, shoe!.houseSeed) };
    case 'HandOpened':
      return { ...shoe!, handCount: event.data.handNumber, lastHandId: event.data.handId };
    case 'ShoeRetired':
      return shoe!;
  }
}

export function evolveGame(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'ShoeCommitted':
      return { ...state, shoe: evolveShoe(null, event) };
    case 'ShoeStarted':
    case 'ShoeRetired':
      return state.shoe && state.shoe.shoeId === event.data.shoeId ? { ...state, shoe: evolveShoe(state.shoe, event) } : state;
    case 'HandOpened':
      return {
        ...state,
        shoe: state.shoe && state.shoe.shoeId === event.data.shoeId ? evolveShoe(state.shoe, event) : state.shoe,
        handMeta: { handId: event.data.handId, shoeId: event.data.shoeId, handNumber: event.data.handNumber, openedAt: event.data.openedAt },
      };
    case 'HandSettled': {
      const hand = handDecider.evolve(state.hand, event);
      const shoe = state.shoe && state.shoe.shoeId === event.data.shoeId ? { ...state.shoe, nextPosition: event.data.nextPosition } : state.shoe;
      return {
        ...state, hand, shoe, handsPlayed: state.handsPlayed + 1, totalBetAmount: state.totalBetAmount + event.data.totalBet,
        totalWonAmount: state.totalWonAmount + event.data.winAmount,
      };
    }
    default:
      // Every other hand event: the hand engine folds it (its own switch is closed over every hand event).
      return { ...state, hand: handDecider.evolve(state.hand, event) };
  }
}

/** Folds only the game events of a list (for tests and tools). */
export function foldGame(events: readonly GameEvent[], from: GameState = initialGameState()): GameState {
  return fold(evolveGame, from, events);
}
