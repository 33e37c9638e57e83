import { pushEventsOf } from './player-events';

describe('what a player\'s screens are told', () => {
  it('tells the bonuses page when an offer lapses at a withdrawal request, as it does for every other bonus change', () => {
    const withdrawalId = '00000000-0000-4000-8000-000000000001';
    const bonusId = '00000000-0000-4000-8000-000000000002';
    expect(pushEventsOf({ type: 'BonusOfferLapsed', data: { bonusId, withdrawalId, lapsedAt: '2026-01-02T10:00:00.000Z' } })).toEqual([{ type: 'BonusChanged', id: bonusId }]);
    expect(pushEventsOf({ type: 'BonusExpired', data: { bonusId, expiredAt: '2026-01-31T10:00:00.000Z' } })).toEqual([{ type: 'BonusChanged', id: bonusId }]);
  });

  it('tells every open screen when the self-exclusion starts, a lift is asked for, or the request is withdrawn', () => {
    const playerId = '00000000-0000-4000-8000-000000000003';
    const at = '2026-01-02T10:00:00.000Z';
    expect(pushEventsOf({ type: 'SelfExclusionChanged', data: { playerId, selfExcluded: true, changedAt: at } })).toEqual([{ type: 'SelfExclusionChanged' }]);
    expect(pushEventsOf({ type: 'SelfExclusionLiftRequested', data: { playerId, requestedAt: at, liftsAt: '2026-01-03T10:00:00.000Z' } })).toEqual([{ type: 'SelfExclusionChanged' }]);
    expect(pushEventsOf({ type: 'SelfExclusionLiftCancelled', data: { playerId, cancelledAt: at } })).toEqual([{ type: 'SelfExclusionChanged' }]);
  });
});
