import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection } from '../projection.test-support';
import { playersProjection } from './players.projection';

const t = '2026-01-01T09:00:00.000Z';

function history(log: EventLog) {
  const a = log.player(alice);
  const b = log.player(bob);
  return [
    a('PlayerRegistered', { playerId: alice, subject: 'google:1', email: 'alice@example.com', name: 'Alice', photoUrl: null, registeredAt: t }),
    b('PlayerRegistered', { playerId: bob, subject: 'dev:bob@example.com', email: 'bob@example.com', name: null, photoUrl: 'https://example.com/b.png', registeredAt: '2026-01-02T09:00:00.000Z' }),
    a('PhoneVerificationStarted', { playerId: alice, phoneNumber: '+14155550100', startedAt: t }),
    a('PhoneVerified', { playerId: alice, phoneNumber: '+14155550100', verifiedAt: t }),
    a('PlayerPhotoChanged', { playerId: alice, photoUrl: 'https://example.com/a1.png' }),
    a('PlayerPhotoChanged', { playerId: alice, photoUrl: 'https://example.com/a2.png' }),
  ];
}

describeProjection(playersProjection, (spec) => {
  it('shows a registered player with no flags set and no phone', async () => {
    const [registered] = history(new EventLog());
    await spec.given(registered!).then({
      players: [
        {
          id: alice, subject: 'google:1', email: 'alice@example.com', name: 'Alice', photo_url: null, created_time: new Date(t), banned: false,
          self_exclude: false, verified_phone_number: null, animate: true,
        },
      ],
    });
  });

  it('shows the verified phone number and the latest photo', async () => {
    const events = history(new EventLog());
    await spec
      .given(...events.slice(0, 3))
      .when(...events.slice(3))
      .then({
        players: [
          { id: alice, verified_phone_number: '+14155550100', photo_url: 'https://example.com/a2.png' },
          { id: bob, verified_phone_number: null, photo_url: 'https://example.com/b.png' },
        ],
      });
  });

  it('keeps the first registration when a player registers again', async () => {
    const log = new EventLog();
    const a = log.player(alice);
    await spec
      .given(a('PlayerRegistered', { playerId: alice, subject: 'google:1', email: 'alice@example.com', name: 'Alice', photoUrl: null, registeredAt: t }))
      .when(a('PlayerRegistered', { playerId: alice, subject: 'google:1', email: 'other@example.com', name: 'Other', photoUrl: null, registeredAt: t }))
      .then({ players: [{ email: 'alice@example.com', name: 'Alice' }] });
  });

  it('shows a ban, its lifting, the self-exclusion and the animation preference', async () => {
    const log = new EventLog();
    const [registered] = history(log);
    const a = log.player(alice);
    await spec
      .given(registered!)
      .when(
        a('PlayerBanned', { playerId: alice, adminId: bob, bannedAt: t }),
        a('SelfExclusionChanged', { playerId: alice, selfExcluded: true, changedAt: t }),
        a('AnimationPreferenceChanged', { playerId: alice, animate: false, changedAt: t }),
      )
      .then({ players: [{ id: alice, banned: true, self_exclude: true, animate: false }] });
    await spec.reset();
    await spec
      .given(
        registered!,
        a('PlayerBanned', { playerId: alice, adminId: bob, bannedAt: t }),
        a('SelfExclusionChanged', { playerId: alice, selfExcluded: true, changedAt: t }),
      )
      .when(a('PlayerUnbanned', { playerId: alice, adminId: bob, unbannedAt: t }), a('SelfExclusionChanged', { playerId: alice, selfExcluded: false, changedAt: t }))
      .then({ players: [{ id: alice, banned: false, self_exclude: false, animate: true }] });
  });

  it('shows when a requested lift of the self-exclusion takes effect, until it is cancelled', async () => {
    const log = new EventLog();
    const [registered] = history(log);
    const a = log.player(alice);
    const liftsAt = '2026-03-02T10:00:00.000Z';
    await spec.reset();
    await spec
      .given(registered!, a('SelfExclusionChanged', { playerId: alice, selfExcluded: true, changedAt: t }))
      .when(a('SelfExclusionLiftRequested', { playerId: alice, requestedAt: t, liftsAt }))
      .then({ players: [{ id: alice, self_exclude: true, self_exclusion_lifts_at: new Date(liftsAt) }] });
    await spec.reset();
    await spec
      .given(registered!, a('SelfExclusionChanged', { playerId: alice, selfExcluded: true, changedAt: t }), a('SelfExclusionLiftRequested', { playerId: alice, requestedAt: t, liftsAt }))
      .when(a('SelfExclusionLiftCancelled', { playerId: alice, cancelledAt: t }))
      .then({ players: [{ id: alice, self_exclude: true, self_exclusion_lifts_at: null }] });
  });

  spec.itIsTheSameWhateverTheBatches(() => history(new EventLog()), (rows) => expect(rows.players!.map((r) => r.photo_url)).toEqual(['https://example.com/a2.png', 'https://example.com/b.png']));
});
