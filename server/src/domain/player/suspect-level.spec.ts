import { describe, expect, it } from '@jest/globals';
import { DomainError, fold } from '../decider';
import { playerDecider, type PlayerEvent } from './player';

const now = '2026-03-01T12:00:00.000Z';
const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: now } };
const given = (...events: PlayerEvent[]) => fold(playerDecider.evolve, playerDecider.initialState(), events);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  return null;
};

describe("an admin's suspect level", () => {
  it('is recorded on the player stream naming the admin, even when the level is unchanged', () => {
    const set = { type: 'SuspectLevelSet', data: { playerId: 'p1', level: 40, adminId: 'admin-1', setAt: now } } as const;
    expect(playerDecider.decide({ type: 'SetSuspectLevel', level: 40, adminId: 'admin-1', now }, given(registered))).toEqual([set]);
    expect(playerDecider.decide({ type: 'SetSuspectLevel', level: 40, adminId: 'admin-1', now }, given(registered, set))).toEqual([set]);
  });

  it('is a whole number from 0 to 100, for a registered player', () => {
    for (const level of [-1, 101, 2.5, Number.NaN]) {
      expect(refusal(() => playerDecider.decide({ type: 'SetSuspectLevel', level, adminId: 'a', now }, given(registered)))).toBe('ValidationFailed');
    }
    expect(refusal(() => playerDecider.decide({ type: 'SetSuspectLevel', level: 0, adminId: 'a', now }, given()))).toBe('InvalidPlayer');
    expect(playerDecider.decide({ type: 'SetSuspectLevel', level: 100, adminId: 'a', now }, given(registered))).toHaveLength(1);
  });

  it('leaves the standing alone: a set level neither bans nor unbans', () => {
    const state = given(registered, { type: 'SuspectLevelSet', data: { playerId: 'p1', level: 100, adminId: 'a', setAt: now } });
    expect(state).toEqual(given(registered));
  });
});
