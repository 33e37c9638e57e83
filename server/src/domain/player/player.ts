import { DomainError, type Decider, type DomainEvent } from '../decider';

/** Stream `player-<playerId>`: who the player is and the account flags an admin or the player sets. */
export const playerStream = (playerId: string) => `player-${playerId}`;

export type PlayerEvent =
  | DomainEvent<'PlayerRegistered', { playerId: string; subject: string; email: string; name: string | null; photoUrl: string | null; registeredAt: string }>
  | DomainEvent<'PlayerPhotoChanged', { playerId: string; photoUrl: string | null }>;

export type PlayerCommand =
  | { type: 'SignIn'; playerId: string; subject: string; email: string; name: string | null; photoUrl: string | null; now: string };

export interface PlayerState {
  registered: boolean;
  playerId: string | null;
  email: string | null;
  photoUrl: string | null;
}

export const playerDecider: Decider<PlayerCommand, PlayerState, PlayerEvent> = {
  initialState: () => ({ registered: false, playerId: null, email: null, photoUrl: null }),

  decide(command, state) {
    switch (command.type) {
      case 'SignIn': {
        if (!state.registered) {
          const { playerId, subject, email, name, photoUrl, now } = command;
          return [{ type: 'PlayerRegistered', data: { playerId, subject, email, name, photoUrl, registeredAt: now } }];
        }
        if (state.email !== command.email) throw new DomainError('InvalidPlayer', 'This sign-in belongs to another account');
        if (command.photoUrl && command.photoUrl !== state.photoUrl) {
          return [{ type: 'PlayerPhotoChanged', data: { playerId: command.playerId, photoUrl: command.photoUrl } }];
        }
        return [];
      }
      default: {
        const _exhaustive: never = command.type;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PlayerRegistered':
        return { registered: true, playerId: event.data.playerId, email: event.data.email, photoUrl: event.data.photoUrl };
      case 'PlayerPhotoChanged':
        return { ...state, photoUrl: event.data.photoUrl };
      default:
        return state;
    }
  },
};
