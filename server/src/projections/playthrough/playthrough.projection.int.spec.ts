import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, uuid } from '../projection.test-support';
import { playthroughProjection } from './playthrough.projection';

const t = (minute: number) => `2026-01-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
const first = uuid(1, 'e0000000');
const second = uuid(2, 'e0000000');
const redeemed = uuid(3, 'e0000000');
const lapsedOffer = uuid(5, 'e0000000');
const withdrawalId = uuid(6, 'e0000000');
const carol = uuid(3, 'a0000000');

function history(log: EventLog) {
  const a = log.account(alice);
  const b = log.account(bob);
  const c = log.account(carol);
  return [
    a('BonusOffered', { bonusId: first, depositAmount: 10_000, bonusAmount: 10_000, playthroughTarget: 2_000_000, offeredAt: t(1), expiresAt: '2026-01-31T09:01:00.000Z' }),
    b('BonusOffered', { bonusId: second, depositAmount: 5_000, bonusAmount: 5_000, playthroughTarget: 1_000_000, offeredAt: t(2), expiresAt: '2026-01-31T09:02:00.000Z' }),
    a('BonusAccepted', { bonusId: first, amount: 10_000, playthroughTarget: 2_000_000, redeemCode: null, acceptedAt: t(3) }),
    a('WagerCounted', { bonusId: first, amount: 1_000, playthrough: 1_000 }),
    a('WagerCounted', { bonusId: first, amount: 500, playthrough: 1_500 }),
    b('BonusDeclined', { bonusId: second, declinedAt: t(4) }),
    a('BonusAccepted', { bonusId: redeemed, amount: 2_500, playthroughTarget: 50_000, redeemCode: 'WELCOME', acceptedAt: t(5) }),
    c('BonusOffered', { bonusId: lapsedOffer, depositAmount: 10_000, bonusAmount: 10_000, playthroughTarget: 1_250_000, offeredAt: t(50), expiresAt: '2026-01-31T09:50:00.000Z' }),
    c('BonusOfferLapsed', { bonusId: lapsedOffer, withdrawalId, lapsedAt: t(51) }),
  ];
}

describeProjection(playthroughProjection, (spec) => {
  it('lists an offered bonus with its amount, target and expiry', async () => {
    await spec.given(history(new EventLog())[0]!).then({
      bonuses: [
        {
          id: first, player_id: alice, date: new Date(t(1)), redeem_code: null, deposit_amount: 10_000, bonus_amount: 10_000, status: 'Offered', playthrough: 0,
          playthrough_target: 2_000_000, expires_at: new Date('2026-01-31T09:01:00.000Z'), ended_by: null, ended_at: null,
        },
      ],
    });
  });

  it('moves an accepted bonus along with the stakes counted toward it, and shows a declined one', async () => {
    const events = history(new EventLog());
    await spec.given(...events.slice(0, 2)).when(...events.slice(2, 6)).then({
      bonuses: [
        { id: first, status: 'Accepted', playthrough: 1_500, expires_at: null, ended_by: null, ended_at: null },
        { id: second, player_id: bob, status: 'Declined', playthrough: 0, expires_at: null, ended_by: null, ended_at: new Date(t(4)) },
      ],
    });
  });

  it('lists a redeemed code as accepted at once, with the code', async () => {
    const events = history(new EventLog());
    await spec.given(...events).then({
      bonuses: [
        { id: first, status: 'Accepted' },
        { id: second, status: 'Declined' },
        { id: redeemed, player_id: alice, redeem_code: 'WELCOME', deposit_amount: null, bonus_amount: 2_500, status: 'Accepted', playthrough: 0, playthrough_target: 50_000 },
        { id: lapsedOffer, status: 'Expired' },
      ],
    });
  });

  it('shows completion, forgiveness and expiry', async () => {
    const log = new EventLog();
    const events = history(log);
    const a = log.account(alice);
    const b = log.account(bob);
    const third = uuid(4, 'e0000000');
    await spec
      .given(...events, b('BonusOffered', { bonusId: third, depositAmount: 1_000, bonusAmount: 1_000, playthroughTarget: 200_000, offeredAt: t(6), expiresAt: t(7) }))
      .when(
        a('WagerCounted', { bonusId: first, amount: 1_998_500, playthrough: 2_000_000 }),
        a('BonusCompleted', { bonusId: first, completedAt: t(8) }),
        a('BonusForgiven', { bonusId: redeemed, forgivenAt: t(9) }),
        b('BonusExpired', { bonusId: third, expiredAt: t(10) }),
      )
      .then({
        bonuses: [
          { id: first, status: 'Complete', playthrough: 2_000_000, ended_by: null, ended_at: new Date(t(8)) },
          { id: second, status: 'Declined' },
          { id: redeemed, status: 'Forgiven', ended_by: null, ended_at: new Date(t(9)) },
          { id: third, status: 'Expired', expires_at: null, ended_by: null, ended_at: new Date(t(10)) },
          { id: lapsedOffer, status: 'Expired' },
        ],
      });
  });

  it('shows an offer that lapsed at a withdrawal request as Expired, ended by the withdrawal, no longer open', async () => {
    const events = history(new EventLog());
    await spec.given(...events.slice(0, -1)).then({ bonuses: [{ id: first }, { id: second }, { id: redeemed }, { id: lapsedOffer, status: 'Offered', ended_by: null, ended_at: null }] });
    await spec.reset();
    await spec.given(...events.slice(0, -1)).when(events.at(-1)!).then({
      bonuses: [
        { id: first, status: 'Accepted' },
        { id: second, status: 'Declined' },
        { id: redeemed, status: 'Accepted' },
        {
          id: lapsedOffer, player_id: carol, date: new Date(t(50)), bonus_amount: 10_000, status: 'Expired', playthrough: 0, expires_at: null, ended_by: 'withdrawal',
          ended_at: new Date(t(51)),
        },
      ],
    });
  });

  spec.itIsTheSameWhateverTheBatches(
    () => history(new EventLog()),
    (rows) =>
      expect(rows.bonuses!.map((r) => [r.status, Number(r.playthrough), r.ended_by, r.ended_at])).toEqual([
        ['Accepted', 1_500, null, null],
        ['Declined', 0, null, new Date(t(4))],
        ['Accepted', 0, null, null],
        ['Expired', 0, 'withdrawal', new Date(t(51))],
      ]),
  );
});
