import { describe, expect, it } from '@jest/globals';
import { DeciderSpecification } from '../decider.test-support';
import { playerDecider, type PlayerEvent } from './player';

const now = '2026-03-01T12:00:00.000Z';
const expiresAt = '2026-03-08T12:00:00.000Z';
const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: now } };
const banned: PlayerEvent = { type: 'PlayerBanned', data: { playerId: 'p1', adminId: 'boss', bannedAt: now, reason: 'Shared account' } };
const given = DeciderSpecification.for(playerDecider);
const signIn = { type: 'SignIn' as const, playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, now, session: { sessionId: 's1', expiresAt } };
const started: PlayerEvent = { type: 'SessionStarted', data: { playerId: 'p1', sessionId: 's1', startedAt: now, expiresAt } };

describe("a player's sessions", () => {
  it('start with the sign-in that issues the token, registering a new player in the same append', () => {
    given([]).when(signIn).then((events) => expect(events).toEqual([{ type: 'PlayerRegistered', data: expect.objectContaining({ playerId: 'p1' }) }, started]));
    given([registered]).when(signIn).then([started]);
  });

  it('start for a banned player too, who signs in to see the suspension page', () => {
    given([registered, banned]).when(signIn).then([started]);
  });

  it('end one by one on logout, or all at once on logout everywhere', () => {
    given([registered, started]).when({ type: 'EndSession', sessionId: 's1', now }).then([
      { type: 'SessionEnded', data: { playerId: 'p1', sessionId: 's1', reason: 'logout', endedAt: now } },
    ]);
    given([registered, started, banned]).when({ type: 'EndAllSessions', now }).then([
      { type: 'AllSessionsEnded', data: { playerId: 'p1', reason: 'logout-all', endedAt: now } },
    ]);
  });

  it('all end with a ban, in the same append as the ban; banning again ends nothing more', () => {
    given([registered, started]).when({ type: 'Ban', adminId: 'boss', reason: 'Shared account', now }).then([
      banned,
      { type: 'AllSessionsEnded', data: { playerId: 'p1', reason: 'ban', endedAt: now } },
    ]);
    given([registered, banned]).when({ type: 'Ban', adminId: 'boss', reason: 'Shared account', now }).thenNothingHappened();
  });

  it('belong to a registered player', () => {
    given([]).when({ type: 'EndAllSessions', now }).thenThrows('InvalidPlayer');
  });
});
