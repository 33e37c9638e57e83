import { DomainError, type Decider, type DomainEvent } from '../decider';
import { refuseBanned } from '../account/standing';
import { staffReason } from '../staff/reason';

/** Stream `player-<playerId>`: who the player is and the account flags an admin or the player sets. */
export const playerStream = (playerId: string) => `player-${playerId}`;

export type PlayerEvent =
  | DomainEvent<'PlayerRegistered', { playerId: string; subject: string; email: string; name: string | null; photoUrl: string | null; registeredAt: string }>
  | DomainEvent<'PlayerPhotoChanged', { playerId: string; photoUrl: string | null }>
  | DomainEvent<'PhoneVerificationStarted', { playerId: string; phoneNumber: string; startedAt: string }>
  /**
   * A code was submitted for the pending number, recorded before it is checked so that concurrent
   * guesses are counted too (each append is at the stream's expected revision).
   */
  | DomainEvent<'PhoneCodeAttempted', { playerId: string; phoneNumber: string; attempt: number; attemptedAt: string }>
  | DomainEvent<'PhoneVerified', { playerId: string; phoneNumber: string; verifiedAt: string }>
  /** An admin suspended the account: every player command answers Banned. `reason` is absent only in stores written before it was asked. */
  | DomainEvent<'PlayerBanned', { playerId: string; adminId: string; bannedAt: string; reason?: string }>
  | DomainEvent<'PlayerUnbanned', { playerId: string; adminId: string; unbannedAt: string; reason?: string }>
  /**
   * The player excluded themself from play and deposits (withdrawals stay open). `selfExcluded: false` is only
   * in stores written before the cooling-off: it ended the exclusion at once, and still reads that way.
   */
  | DomainEvent<'SelfExclusionChanged', { playerId: string; selfExcluded: boolean; changedAt: string }>
  /** The player asked to end their self-exclusion: it holds until `liftsAt` (the cooling-off), then ends by itself. */
  | DomainEvent<'SelfExclusionLiftRequested', { playerId: string; requestedAt: string; liftsAt: string }>
  /** The player withdrew the request before `liftsAt`: the exclusion holds with no end. */
  | DomainEvent<'SelfExclusionLiftCancelled', { playerId: string; cancelledAt: string }>
  | DomainEvent<'AnimationPreferenceChanged', { playerId: string; animate: boolean; changedAt: string }>
  /**
   * An admin set the player's suspect level (0-100); the suspect read model records it as an AdminManualChange.
   * `from` is the level the admin saw before it (null when none was known) and `reason` why; both are absent only
   * in stores written before they were asked.
   */
  | DomainEvent<'SuspectLevelSet', { playerId: string; level: number; adminId: string; setAt: string; from?: number | null; reason?: string }>
  /**
   * A sign-in issued a session token carrying `sessionId`; it is valid until `expiresAt` unless ended first. `address`: the
   * client's IP address as the server saw it (absent in stores written before it was recorded, or when unknown).
   */
  | DomainEvent<'SessionStarted', { playerId: string; sessionId: string; startedAt: string; expiresAt: string; address?: string }>
  /** The player signed out of one session: its token answers 401 from then on. */
  | DomainEvent<'SessionEnded', { playerId: string; sessionId: string; reason: 'logout'; endedAt: string }>
  /** Every session started before this event ended: the player signed out everywhere, or an admin banned them. */
  | DomainEvent<'AllSessionsEnded', { playerId: string; reason: SessionsEndReason; endedAt: string }>;

export type SessionsEndReason = 'logout-all' | 'ban';

export type PlayerCommand =
  /** `session`: the session the sign-in starts (its id is in the token issued); without it the sign-in only registers. */
  | {
      type: 'SignIn'; playerId: string; subject: string; email: string; name: string | null; photoUrl: string | null; now: string;
      session?: { sessionId: string; expiresAt: string; address?: string };
    }
  /** The player signs out of the session `sessionId` (allowed to a banned player too). */
  | { type: 'EndSession'; sessionId: string; now: string }
  /** The player signs out of every session. */
  | { type: 'EndAllSessions'; now: string }
  /** `phoneNumber` is E.164, already validated at the edge. */
  | { type: 'StartPhoneVerification'; phoneNumber: string; now: string }
  /**
   * The player submits a code for the pending number: counted, or refused with `PhoneCodeLocked` once
   * `maxAttempts` codes were submitted since it was sent (that code is void; a new one must be sent).
   */
  | { type: 'AttemptPhoneCode'; maxAttempts: number; now: string }
  /** The verifier approved the code sent to the pending number. */
  | { type: 'ConfirmPhone'; now: string }
  | { type: 'Ban'; adminId: string; reason: string; now: string }
  | { type: 'Unban'; adminId: string; reason?: string; now: string }
  /**
   * `true` excludes at once (or cancels a lift that is waiting); `false` asks for the lift, which takes effect
   * `coolingOffMs` after `now`.
   */
  | { type: 'SetSelfExclusion'; selfExcluded: boolean; coolingOffMs: number; now: string }
  | { type: 'SetAnimation'; animate: boolean; now: string }
  | { type: 'SetSuspectLevel'; level: number; from: number | null; adminId: string; reason: string; now: string };

/** Spec §5: a suspect level is a whole number from 0 to 100. */
export const SUSPECT_LEVEL_RANGE = { min: 0, max: 100 } as const;

export interface PlayerState {
  registered: boolean;
  playerId: string | null;
  email: string | null;
  photoUrl: string | null;
  /** Null until a code sent to a number was approved; the account keeps that number for good. */
  verifiedPhoneNumber: string | null;
  /** The number the last code was sent to. */
  pendingPhoneNumber: string | null;
  /** Codes submitted since the last code was sent. */
  phoneCodeAttempts: number;
  banned: boolean;
  /** The player excluded themself (and it has not ended yet: see `selfExcludedAt`, it may have lifted by now). */
  selfExcluded: boolean;
  /** When a requested lift ends the exclusion; null while it holds with no end. */
  selfExclusionLiftsAt: string | null;
  /** Deal animations on the table (the browser's reduced-motion setting turns them off too). */
  animate: boolean;
}

type SelfExclusion = Pick<PlayerState, 'selfExcluded' | 'selfExclusionLiftsAt'>;

/** Whether the player is self-excluded at `now`: from the exclusion until the end of a requested lift's cooling-off. */
export function selfExcludedAt(state: SelfExclusion, now: string): boolean {
  return state.selfExcluded && (state.selfExclusionLiftsAt === null || state.selfExclusionLiftsAt > now);
}

/** The end of a lift still waiting at `now`, else null. */
export function pendingLiftAt(state: SelfExclusion, now: string): string | null {
  return selfExcludedAt(state, now) ? state.selfExclusionLiftsAt : null;
}

/**
 * Excluding takes effect at once; lifting only after the cooling-off, like loosening a limit (limits.ts), so a
 * decision made in the heat of a session cannot undo one made in a calm moment. Asking again for what is already
 * so changes nothing: a second lift request keeps the first one's time.
 */
function decideSelfExclusion(playerId: string, command: Extract<PlayerCommand, { type: 'SetSelfExclusion' }>, state: PlayerState): PlayerEvent[] {
  const { now } = command;
  const excluded = selfExcludedAt(state, now);
  const waiting = pendingLiftAt(state, now);
  if (command.selfExcluded) {
    if (!excluded) return [{ type: 'SelfExclusionChanged', data: { playerId, selfExcluded: true, changedAt: now } }];
    return waiting ? [{ type: 'SelfExclusionLiftCancelled', data: { playerId, cancelledAt: now } }] : [];
  }
  if (!excluded || waiting) return [];
  if (!Number.isSafeInteger(command.coolingOffMs) || command.coolingOffMs < 0) throw new DomainError('ValidationFailed', 'The cooling-off is a whole number of milliseconds.');
  const liftsAt = new Date(Date.parse(now) + command.coolingOffMs).toISOString();
  return [{ type: 'SelfExclusionLiftRequested', data: { playerId, requestedAt: now, liftsAt } }];
}

function registered(state: PlayerState): string {
  if (!state.registered || !state.playerId) throw new DomainError('InvalidPlayer', 'No such player; sign in again.');
  return state.playerId;
}

export const playerDecider: Decider<PlayerCommand, PlayerState, PlayerEvent> = {
  initialState: () => ({
    registered: false, playerId: null, email: null, photoUrl: null, verifiedPhoneNumber: null, pendingPhoneNumber: null, phoneCodeAttempts: 0, banned: false, selfExcluded: false, selfExclusionLiftsAt: null, animate: true,
  }),

  decide(command, state) {
    switch (command.type) {
      case 'SignIn': {
        const { playerId, subject, email, name, photoUrl, now, session } = command;
        const events: PlayerEvent[] = [];
        if (!state.registered) {
          events.push({ type: 'PlayerRegistered', data: { playerId, subject, email, name, photoUrl, registeredAt: now } });
        } else {
          if (state.email !== email) throw new DomainError('InvalidPlayer', 'This sign-in belongs to another account');
          if (photoUrl && photoUrl !== state.photoUrl) events.push({ type: 'PlayerPhotoChanged', data: { playerId, photoUrl } });
        }
        // A banned player still signs in (to see the suspension page); the ban ended only the sessions before it.
        if (session) {
          const address = session.address ? { address: session.address } : {};
          events.push({ type: 'SessionStarted', data: { playerId, sessionId: session.sessionId, startedAt: now, expiresAt: session.expiresAt, ...address } });
        }
        return events;
      }
      case 'EndSession': {
        const playerId = registered(state);
        return [{ type: 'SessionEnded', data: { playerId, sessionId: command.sessionId, reason: 'logout', endedAt: command.now } }];
      }
      case 'EndAllSessions': {
        const playerId = registered(state);
        return [{ type: 'AllSessionsEnded', data: { playerId, reason: 'logout-all', endedAt: command.now } }];
      }
      case 'StartPhoneVerification': {
        if (!state.registered || !state.playerId) throw new DomainError('InvalidPlayer', 'No such player; sign in again.');
        refuseBanned(state);
        if (state.verifiedPhoneNumber && state.verifiedPhoneNumber !== command.phoneNumber) {
          throw new DomainError('PhoneDoesNotMatch', 'Use the phone number already linked to this account.');
        }
        return [{ type: 'PhoneVerificationStarted', data: { playerId: state.playerId, phoneNumber: command.phoneNumber, startedAt: command.now } }];
      }
      case 'AttemptPhoneCode': {
        const playerId = registered(state);
        refuseBanned(state);
        const phoneNumber = state.pendingPhoneNumber;
        if (!phoneNumber) throw new DomainError('InvalidPhoneNumber', 'Ask for a code first.');
        if (state.phoneCodeAttempts >= command.maxAttempts) {
          throw new DomainError('PhoneCodeLocked', 'Too many wrong codes: this code no longer works. Ask for a new code.');
        }
        return [{ type: 'PhoneCodeAttempted', data: { playerId, phoneNumber, attempt: state.phoneCodeAttempts + 1, attemptedAt: command.now } }];
      }
      case 'ConfirmPhone': {
        if (!state.registered || !state.playerId) throw new DomainError('InvalidPlayer', 'No such player; sign in again.');
        refuseBanned(state);
        const phoneNumber = state.pendingPhoneNumber;
        if (!phoneNumber) throw new DomainError('InvalidPhoneNumber', 'Ask for a code first.');
        if (state.verifiedPhoneNumber === phoneNumber) return [];
        if (state.verifiedPhoneNumber) throw new DomainError('PhoneDoesNotMatch', 'Use the phone number already linked to this account.');
        return [{ type: 'PhoneVerified', data: { playerId: state.playerId, phoneNumber, verifiedAt: command.now } }];
      }
      case 'Ban': {
        const playerId = registered(state);
        if (command.adminId === playerId) throw new DomainError('Forbidden', 'You cannot ban yourself.');
        const reason = staffReason(command.reason);
        if (state.banned) return [];
        // A ban ends every session of the player in the same append.
        return [
          { type: 'PlayerBanned', data: { playerId, adminId: command.adminId, bannedAt: command.now, reason } },
          { type: 'AllSessionsEnded', data: { playerId, reason: 'ban', endedAt: command.now } },
        ];
      }
      case 'Unban': {
        const playerId = registered(state);
        // A banned admin has no staff powers, and no one lifts their own ban.
        if (command.adminId === playerId) throw new DomainError('Forbidden', 'You cannot unban yourself.');
        const reason = command.reason === undefined ? undefined : staffReason(command.reason);
        if (!state.banned) return [];
        return [{ type: 'PlayerUnbanned', data: { playerId, adminId: command.adminId, unbannedAt: command.now, ...(reason ? { reason } : {}) } }];
      }
      case 'SetSelfExclusion': {
        const playerId = registered(state);
        refuseBanned(state);
        return decideSelfExclusion(playerId, command, state);
      }
      case 'SetAnimation': {
        const playerId = registered(state);
        refuseBanned(state);
        if (state.animate === command.animate) return [];
        return [{ type: 'AnimationPreferenceChanged', data: { playerId, animate: command.animate, changedAt: command.now } }];
      }
      case 'SetSuspectLevel': {
        const playerId = registered(state);
        const { level } = command;
        if (!Number.isInteger(level) || level < SUSPECT_LEVEL_RANGE.min || level > SUSPECT_LEVEL_RANGE.max) {
          throw new DomainError('ValidationFailed', `The suspect level is a whole number from ${SUSPECT_LEVEL_RANGE.min} to ${SUSPECT_LEVEL_RANGE.max}.`);
        }
        const reason = staffReason(command.reason);
        // Always recorded, even at the level it already has: the admin's decision is the record.
        return [{ type: 'SuspectLevelSet', data: { playerId, level, from: command.from, adminId: command.adminId, setAt: command.now, reason } }];
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
        return { ...state, pendingPhoneNumber: event.data.phoneNumber, phoneCodeAttempts: 0 };
      case 'PhoneCodeAttempted':
        return { ...state, phoneCodeAttempts: state.phoneCodeAttempts + 1 };
      case 'PhoneVerified':
        return { ...state, verifiedPhoneNumber: event.data.phoneNumber };
      case 'PlayerBanned':
        return { ...state, banned: true };
      case 'PlayerUnbanned':
        return { ...state, banned: false };
      case 'SelfExclusionChanged':
        return { ...state, selfExcluded: event.data.selfExcluded, selfExclusionLiftsAt: null };
      case 'SelfExclusionLiftRequested':
        return { ...state, selfExclusionLiftsAt: event.data.liftsAt };
      case 'SelfExclusionLiftCancelled':
        return { ...state, selfExclusionLiftsAt: null };
      case 'AnimationPreferenceChanged':
        return { ...state, animate: event.data.animate };
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
