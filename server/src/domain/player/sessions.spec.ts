import { describe, expect, it } from '@jest/globals';
import { DomainError, fold } from '../decider';
import { playerDecider, type PlayerEvent } from './player';

const now = '2026-03-01T12:00:00.000Z';
const expiresAt = '2026-03-08T12:00:00.000Z';
const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: now } };
const banned: PlayerEvent = { type: 'PlayerBanned', data: { playerId: 'p1', adminId: 'boss', bannedAt: now } };
const given = (...events: PlayerEvent[]) => fold(playerDecider.evolve, playerDecider.initialState(), events);
const signIn = { type: 'SignIn' as const, playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, now, session: { sessionId: 's1', expiresAt } };
const started: PlayerEvent = { type: 'SessionStarted', data: { playerId: 'p1', sessionId: 's1', startedAt: now, expiresAt } };

describe("a player's sessions", () => {
  it('start with the sign-in that issues the token, registering a new player in the same append', () => {
    expect(playerDecider.decide(signIn, given())).toEqual([{ type: 'PlayerRegistered', data: expect.objectContaining({ playerId: 'p1' }) }, started]);
    expect(playerDecider.decide(signIn, given(registered))).toEqual([started]);
  });

  it('start for a banned player too, who signs in to see the suspension page', () => {
    expect(playerDecider.decide(signIn, given(registered, banned))).toEqual([started]);
  });

  it('end one by one on logout, or all at once on logout everywhere', () => {
    expect(playerDecider.decide({ type: 'EndSession', sessionId: 's1', now }, given(registered, started))).toEqual([
      { type: 'SessionEnded', data: { playerId: 'p1', sessionId: 's1', reason: 'logout', endedAt: now } },
    ]);
    expect(playerDecider.decide({ type: 'EndAllSessions', now }, given(registered, started, banned))).toEqual([
      { type: 'AllSessionsEnded', data: { playerId: 'p1', reason: 'logout-all', endedAt: now } },
    ]);
  });

  it('all end with a ban, in the same append as the ban; banning again ends nothing more', () => {
    expect(playerDecider.decide({ type: 'Ban', adminId: 'boss', now }, given(registered, started))).toEqual([
      banned,
      { type: 'AllSessionsEnded', data: { playerId: 'p1', reason: 'ban', endedAt: now } },
    ]);
    expect(playerDecider.decide({ type: 'Ban', adminId: 'boss', now }, given(registered, banned))).toEqual([]);
  });

  it('belong to a registered player', () => {
    expect(() => playerDecider.decide({ type: 'EndAllSessions', now }, given())).toThrow(DomainError);
  });
});
