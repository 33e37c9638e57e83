import { describe, expect, it } from '@jest/globals';
import { DeciderSpecification } from '../decider.test-support';
import { playerDecider, type PlayerEvent } from './player';

const now = '2026-03-01T12:00:00.000Z';
const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: now } };
const given = DeciderSpecification.for(playerDecider);

describe("an admin's suspect level", () => {
  it('is recorded on the player stream naming the admin, even when the level is unchanged', () => {
    const set = { type: 'SuspectLevelSet', data: { playerId: 'p1', level: 40, from: 12, adminId: 'admin-1', setAt: now, reason: 'Bets follow the count' } } as const;
    given([registered]).when({ type: 'SetSuspectLevel', level: 40, from: 12, adminId: 'admin-1', reason: '  Bets follow the count ', now }).then([set]);
    given([registered, set]).when({ type: 'SetSuspectLevel', level: 40, from: 12, adminId: 'admin-1', reason: 'Bets follow the count', now }).then([set]);
  });

  it('is a whole number from 0 to 100, for a registered player', () => {
    for (const level of [-1, 101, 2.5, Number.NaN]) {
      given([registered]).when({ type: 'SetSuspectLevel', level, from: 0, adminId: 'a', reason: 'checked', now }).thenThrows('ValidationFailed');
    }
    given([]).when({ type: 'SetSuspectLevel', level: 0, from: 0, adminId: 'a', reason: 'checked', now }).thenThrows('InvalidPlayer');
    given([registered]).when({ type: 'SetSuspectLevel', level: 100, from: null, adminId: 'a', reason: 'checked', now }).then((events) => expect(events).toHaveLength(1));
  });

  it('needs a reason of 3 to 500 characters', () => {
    for (const reason of ['', '  ', 'ok', 'x'.repeat(501)]) {
      given([registered]).when({ type: 'SetSuspectLevel', level: 10, from: 0, adminId: 'a', reason, now }).thenThrows('ValidationFailed');
    }
  });

  it('leaves the standing alone: a set level neither bans nor unbans', () => {
    const state = given([registered, { type: 'SuspectLevelSet', data: { playerId: 'p1', level: 100, adminId: 'a', setAt: now } }]).state();
    expect(state).toEqual(given([registered]).state());
  });
});
