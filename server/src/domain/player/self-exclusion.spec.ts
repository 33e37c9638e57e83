import { describe, expect, it } from '@jest/globals';
import { DeciderSpecification } from '../decider.test-support';
import { type PlayerEvent, playerDecider, pendingLiftAt, selfExcludedAt } from './player';

const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: '2026-01-01T00:00:00.000Z' } };
const excluded: PlayerEvent = { type: 'SelfExclusionChanged', data: { playerId: 'p1', selfExcluded: true, changedAt: '2026-01-01T10:00:00.000Z' } };
const DAY = 86_400_000;
const requested: PlayerEvent = { type: 'SelfExclusionLiftRequested', data: { playerId: 'p1', requestedAt: '2026-01-02T10:00:00.000Z', liftsAt: '2026-01-03T10:00:00.000Z' } };
const given = DeciderSpecification.for(playerDecider);
const fold = (events: PlayerEvent[]) => events.reduce(playerDecider.evolve, playerDecider.initialState());

describe('self-exclusion', () => {
  it('starts at once', () => {
    const now = '2026-01-01T10:00:00.000Z';
    given([registered]).when({ type: 'SetSelfExclusion', selfExcluded: true, coolingOffMs: DAY, now }).then([excluded]);
    expect(selfExcludedAt(fold([registered, excluded]), now)).toBe(true);
  });

  it('is lifted only after the cooling-off: the request names when', () => {
    const now = '2026-01-02T10:00:00.000Z';
    given([registered, excluded]).when({ type: 'SetSelfExclusion', selfExcluded: false, coolingOffMs: DAY, now }).then([requested]);
  });

  it('holds during the cooling-off and ends by itself when it has passed, with no event', () => {
    const state = fold([registered, excluded, requested]);
    expect(selfExcludedAt(state, '2026-01-02T10:00:00.000Z')).toBe(true);
    expect(selfExcludedAt(state, '2026-01-03T09:59:59.999Z')).toBe(true);
    expect(pendingLiftAt(state, '2026-01-03T09:59:59.999Z')).toBe('2026-01-03T10:00:00.000Z');
    expect(selfExcludedAt(state, '2026-01-03T10:00:00.000Z')).toBe(false);
    expect(pendingLiftAt(state, '2026-01-03T10:00:00.000Z')).toBeNull();
  });

  it('keeps the first request’s time when the player asks again during the cooling-off', () => {
    given([registered, excluded, requested]).when({ type: 'SetSelfExclusion', selfExcluded: false, coolingOffMs: DAY, now: '2026-01-03T09:00:00.000Z' }).then([]);
  });

  it('can be kept by cancelling the lift before it takes effect', () => {
    const now = '2026-01-02T12:00:00.000Z';
    const cancelled: PlayerEvent = { type: 'SelfExclusionLiftCancelled', data: { playerId: 'p1', cancelledAt: now } };
    given([registered, excluded, requested]).when({ type: 'SetSelfExclusion', selfExcluded: true, coolingOffMs: DAY, now }).then([cancelled]);
    const state = fold([registered, excluded, requested, cancelled]);
    expect(selfExcludedAt(state, '2026-02-01T00:00:00.000Z')).toBe(true);
    expect(pendingLiftAt(state, now)).toBeNull();
  });

  it('starts again, with no end, when the player excludes after a lift took effect', () => {
    const now = '2026-01-05T00:00:00.000Z';
    const again: PlayerEvent = { type: 'SelfExclusionChanged', data: { playerId: 'p1', selfExcluded: true, changedAt: now } };
    given([registered, excluded, requested]).when({ type: 'SetSelfExclusion', selfExcluded: true, coolingOffMs: DAY, now }).then([again]);
    expect(selfExcludedAt(fold([registered, excluded, requested, again]), '2026-02-01T00:00:00.000Z')).toBe(true);
  });

  it('asks nothing of a player who is not excluded', () => {
    given([registered]).when({ type: 'SetSelfExclusion', selfExcluded: false, coolingOffMs: DAY, now: '2026-01-01T00:00:00.000Z' }).then([]);
    given([registered, excluded]).when({ type: 'SetSelfExclusion', selfExcluded: true, coolingOffMs: DAY, now: '2026-01-02T00:00:00.000Z' }).then([]);
  });

  it('still reads an old lift, which took effect at once', () => {
    const lifted: PlayerEvent = { type: 'SelfExclusionChanged', data: { playerId: 'p1', selfExcluded: false, changedAt: '2026-01-01T11:00:00.000Z' } };
    const state = fold([registered, excluded, lifted]);
    expect(selfExcludedAt(state, '2026-01-01T11:00:00.000Z')).toBe(false);
    expect(pendingLiftAt(state, '2026-01-01T11:00:00.000Z')).toBeNull();
  });
});
