import { pushEventsOf } from './player-events';

describe('what a player\'s screens are told', () => {
  it('tells the bonuses page when an offer lapses at a withdrawal request, as it does for every other bonus change', () => {
    const withdrawalId = '00000000-0000-4000-8000-000000000001';
    const bonusId = '00000000-0000-4000-8000-000000000002';
    expect(pushEventsOf({ type: 'BonusOfferLapsed', data: { bonusId, withdrawalId, lapsedAt: '2026-01-02T10:00:00.000Z' } })).toEqual([{ type: 'BonusChanged', id: bonusId }]);
    expect(pushEventsOf({ type: 'BonusExpired', data: { bonusId, expiredAt: '2026-01-31T10:00:00.000Z' } })).toEqual([{ type: 'BonusChanged', id: bonusId }]);
  });
});
