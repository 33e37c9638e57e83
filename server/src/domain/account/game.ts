import type { DomainEvent } from '../decider';
import type { AccountState } from './account';

/** The shoe and the hands of the account (built out by the game: shoes, hands, settlement). */
export type GameEvent = DomainEvent<'ShoeCommitted', { shoeId: string; houseSeed: string; houseSeedHash: string; committedAt: string }>;

export type GameCommand = { type: 'CommitShoe'; shoeId: string; houseSeed: string; houseSeedHash: string; now: string };

export interface GameState {
  shoe: { shoeId: string; houseSeedHash: string } | null;
}

export const initialGameState = (): GameState => ({ shoe: null });

export function gameBankDelta(_event: GameEvent): number {
  return 0;
}

export function decideGame(command: GameCommand, state: AccountState): GameEvent[] {
  switch (command.type) {
    case 'CommitShoe': {
      if (state.game.shoe) return [];
      const { shoeId, houseSeed, houseSeedHash, now } = command;
      return [{ type: 'ShoeCommitted', data: { shoeId, houseSeed, houseSeedHash, committedAt: now } }];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export function evolveGame(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'ShoeCommitted':
      return { shoe: { shoeId: event.data.shoeId, houseSeedHash: event.data.houseSeedHash } };
    default:
      return state;
  }
}
