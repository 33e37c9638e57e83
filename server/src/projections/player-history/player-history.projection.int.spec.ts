import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, shoeId, handId, uuid } from '../projection.test-support';
import { playerHistoryProjection } from './player-history.projection';

const t = '2026-03-01T12:00:00.000Z';
const later = '2026-03-01T13:00:00.000Z';
const tomorrow = '2026-03-02T13:00:00.000Z';
const expiresAt = '2026-03-08T12:00:00.000Z';
const session = (n: number) => uuid(n, 'f0000000');

/** Alice signs in twice from two addresses, sets and loosens limits, excludes herself and asks to lift it, plays a hand; Bob signs in before addresses were kept and is banned. */
function history() {
  const log = new EventLog();
  const a = log.player(alice);
  const aliceMoney = log.account(alice);
  const b = log.player(bob);
  return [
    a('PlayerRegistered', { playerId: alice, subject: 'dev:alice', email: 'alice@example.com', name: null, photoUrl: null, registeredAt: t }),
    a('SessionStarted', { playerId: alice, sessionId: session(1), startedAt: t, expiresAt, address: '203.0.113.7' }),
    b('SessionStarted', { playerId: bob, sessionId: session(2), startedAt: t, expiresAt }),
    aliceMoney('LimitsChanged', { changes: [{ kind: 'dailyDeposit', value: 50_000, effectiveAt: t }, { kind: 'sessionReminderMinutes', value: 30, effectiveAt: t }], changedAt: t }),
    a('SessionEnded', { playerId: alice, sessionId: session(1), reason: 'logout', endedAt: later }),
    a('SessionStarted', { playerId: alice, sessionId: session(3), startedAt: later, expiresAt, address: '2001:db8::1' }),
    aliceMoney('LimitsChanged', { changes: [{ kind: 'dailyDeposit', value: null, effectiveAt: tomorrow }], changedAt: later }),
    aliceMoney('HandOpened', { handId: handId(1), shoeId: shoeId(), handNumber: 1, openedAt: tomorrow }),
    a('SelfExclusionChanged', { playerId: alice, selfExcluded: true, changedAt: tomorrow }),
    a('SelfExclusionLiftRequested', { playerId: alice, requestedAt: tomorrow, liftsAt: expiresAt }),
    a('SelfExclusionLiftCancelled', { playerId: alice, cancelledAt: expiresAt }),
    b('PlayerBanned', { playerId: bob, adminId: alice, bannedAt: later, reason: 'Shared address' }),
    b('AllSessionsEnded', { playerId: bob, reason: 'ban', endedAt: later }),
  ];
}

describeProjection(playerHistoryProjection, (spec) => {
  it('keeps every session with the address it signed in from and how it ended', async () => {
    await spec.given(...history()).then({
      session_history: [
        { session_id: session(2), player_id: bob, address: null, end_reason: 'ban', ended_at: new Date(later) },
        { session_id: session(1), player_id: alice, address: '203.0.113.7', end_reason: 'logout', ended_at: new Date(later), started_at: new Date(t), expires_at: new Date(expiresAt) },
        { session_id: session(3), player_id: alice, address: '2001:db8::1', end_reason: null, ended_at: null },
      ],
    });
  });

  it('lists each change of a limit or of the self-exclusion, with when a looser one applies', async () => {
    await spec.given(...history()).then({
      protection_changes: [
        { player_id: alice, kind: 'dailyDeposit', value: 50_000, effective_at: null, at: new Date(t) },
        { player_id: alice, kind: 'sessionReminderMinutes', value: 30, effective_at: null },
        { player_id: alice, kind: 'dailyDeposit', value: null, effective_at: new Date(tomorrow), at: new Date(later) },
        { kind: 'selfExclusion', value: null, effective_at: null, at: new Date(tomorrow) },
        { kind: 'selfExclusionLiftRequested', effective_at: new Date(expiresAt), at: new Date(tomorrow) },
        { kind: 'selfExclusionLiftCancelled', at: new Date(expiresAt) },
      ],
    });
  });

  it('knows when each player was last active: the newest sign-in or hand, never moved back by an older batch', async () => {
    const events = history();
    await spec
      .given(...events)
      .when(events[1]!)
      .then({ player_activity: [{ player_id: alice, last_active_at: new Date(tomorrow) }, { player_id: bob, last_active_at: new Date(t) }] });
  });

  it('never reopens an ended session when its start is applied again', async () => {
    const events = history();
    await spec.given(...events).when(events[1]!, events[2]!).then({
      session_history: [{ session_id: session(2), end_reason: 'ban' }, { session_id: session(1), end_reason: 'logout' }, { session_id: session(3), end_reason: null }],
    });
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) => {
    expect(rows.session_history).toHaveLength(3);
    expect(rows.protection_changes).toHaveLength(6);
  });
});
