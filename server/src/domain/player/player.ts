import { DomainError, type Decider, type DomainEvent } from '../decider';

/** Stream `player-<playerId>`: who the player is and the account flags an admin or the player sets. */
export const playerStream = (playerId: string) => `player-${playerId}`;

export type PlayerEvent =
  | DomainEvent<'PlayerRegistered', { playerId: string; subject: string; email: string; name: string | null; photoUrl: string | null; registeredAt: string }>
  | DomainEvent<'PlayerPhotoChanged', { playerId: string; photoUrl: string | null }>
  | DomainEvent<'PhoneVerificationStarted', { playerId: string; phoneNumber: string; startedAt: string }>
  | DomainEvent<'PhoneVerified', { playerId: string; phoneNumber: string; verifiedAt: string }>;

export type PlayerCommand =
  | { type: 'SignIn'; playerId: string; subject: string; email: string; name: string | null; photoUrl: string | null; now: string }
  /** `phoneNumber` is E.164, already validated at the edge. */
  | { type: 'StartPhoneVerification'; phoneNumber: string; now: string }
  /** The verifier approved the code sent to the pending number. */
  | { type: 'ConfirmPhone'; now: string };

export interface PlayerState {
  registered: boolean;
  playerId: string | null;
  email: string | null;
  photoUrl: string | null;
  /** Null until a code sent to a number was approved; the account keeps that number for good. */
  verifiedPhoneNumber: string | null;
  /** The number the last code was sent to. */
  pendingPhoneNumber: string | null;
}

export const playerDecider: Decider<PlayerCommand, PlayerState, PlayerEvent> = {
  initialState: () => ({ registered: false, playerId: null, email: null, photoUrl: null, verifiedPhoneNumber: null, pendingPhoneNumber: null }),

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
      case 'StartPhoneVerification': {
        if (!state.registered || !state.playerId) throw new DomainError('InvalidPlayer', 'No such player; sign in again.');
        if (state.verifiedPhoneNumber && state.verifiedPhoneNumber !== command.phoneNumber) {
          throw new DomainError('PhoneDoesNotMatch', 'Use the phone number already linked to this account.');
        }
        return [{ type: 'PhoneVerificationStarted', data: { playerId: state.playerId, phoneNumber: command.phoneNumber, startedAt: command.now } }];
      }
      case 'ConfirmPhone': {
        if (!state.registered || !state.playerId) throw new DomainError('InvalidPlayer', 'No such player; sign in again.');
        const phoneNumber = state.pendingPhoneNumber;
        if (!phoneNumber) throw new DomainError('InvalidPhoneNumber', 'Ask for a code first.');
        if (state.verifiedPhoneNumber === phoneNumber) return [];
        if (state.verifiedPhoneNumber) throw new DomainError('PhoneDoesNotMatch', 'Use the phone number already linked to this account.');
        return [{ type: 'PhoneVerified', data: { playerId: state.playerId, phoneNumber, verifiedAt: command.now } }];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PlayerRegistered':
        return { ...state, registered: true, playerId: event.data.playerId, email: event.data.email, photoUrl: event.data.photoUrl };
      case 'PlayerPhotoChanged':
        return { ...state, photoUrl: event.data.photoUrl };
      case 'PhoneVerificationStarted':
        return { ...state, pendingPhoneNumber: event.data.phoneNumber };
      case 'PhoneVerified':
        return { ...state, verifiedPhoneNumber: event.data.phoneNumber };
      default:
        return state;
    }
  },
};

/**
 * Stream `phone-<E.164>`: which player a phone number belongs to. Created with `no_stream`, so two
 * accounts racing for one number cannot both get it.
 */
export const phoneClaimStream = (phoneNumber: string) => `phone-${phoneNumber}`;

export type PhoneClaimEvent = DomainEvent<'PhoneClaimed', { phoneNumber: string; playerId: string; claimedAt: string }>;
export type PhoneClaimCommand = { type: 'ClaimPhone'; phoneNumber: string; playerId: string; now: string };

export const phoneClaimDecider: Decider<PhoneClaimCommand, { playerId: string | null }, PhoneClaimEvent> = {
  initialState: () => ({ playerId: null }),
  decide(command, state) {
    if (state.playerId === command.playerId) return [];
    if (state.playerId) throw new DomainError('DuplicatePhone', 'This phone number is linked to another account.');
    return [{ type: 'PhoneClaimed', data: { phoneNumber: command.phoneNumber, playerId: command.playerId, claimedAt: command.now } }];
  },
  evolve: (state, event) => (event.type === 'PhoneClaimed' ? { playerId: event.data.playerId } : state),
};
