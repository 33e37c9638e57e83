import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, uuid } from '../projection.test-support';
import { sessionsProjection } from './sessions.projection';

const t = '2026-03-01T12:00:00.000Z';
const later = '2026-03-01T13:00:00.000Z';
const expiresAt = '2026-03-08T12:00:00.000Z';
const session = (n: number) => uuid(n, 'f0000000');

function history() {
  const log = new EventLog();
  const a = log.player(alice);
  const b = log.player(bob);
  return [
    a('PlayerRegistered', { playerId: alice, subject: 'dev:alice', email: 'alice@example.com', name: null, photoUrl: null, registeredAt: t }),
    a('SessionStarted', { playerId: alice, sessionId: session(1), startedAt: t, expiresAt }),
    a('SessionStarted', { playerId: alice, sessionId: session(2), startedAt: t, expiresAt }),
    b('SessionStarted', { playerId: bob, sessionId: session(3), startedAt: t, expiresAt }),
    a('SessionEnded', { playerId: alice, sessionId: session(1), reason: 'logout', endedAt: t }),
    a('AllSessionsEnded', { playerId: alice, reason: 'logout-all', endedAt: later }),
    a('SessionStarted', { playerId: alice, sessionId: session(4), startedAt: later, expiresAt }),
    b('PlayerBanned', { playerId: bob, adminId: alice, bannedAt: later }),
    b('AllSessionsEnded', { playerId: bob, reason: 'ban', endedAt: later }),
    b('SessionStarted', { playerId: bob, sessionId: session(5), startedAt: later, expiresAt }),
  ];
}

describeProjection(sessionsProjection, (spec) => {
  it('holds each session a sign-in started, open until it ends', async () => {
    const events = history();
    await spec.given(...events.slice(0, 4)).then({
      sessions: [
        { session_id: session(3), player_id: bob, started_revision: 0, ended_time: null },
        { session_id: session(1), player_id: alice, started_revision: 1, ended_time: null, end_reason: null, expires_time: new Date(expiresAt) },
        { session_id: session(2), player_id: alice, started_revision: 2, ended_time: null },
      ],
    });
  });

  it('ends one session on logout and leaves the others open', async () => {
    const events = history();
    await spec.given(...events.slice(0, 5)).then({
      sessions: [
        { session_id: session(3), ended_time: null },
        { session_id: session(1), end_reason: 'logout', ended_time: new Date(t) },
        { session_id: session(2), ended_time: null },
      ],
    });
  });

  it('ends every session started before a logout everywhere or a ban, not the ones after', async () => {
    await spec.given(...history()).then({
      sessions: [
        { session_id: session(3), end_reason: 'ban', ended_time: new Date(later) },
        { session_id: session(1), end_reason: 'logout', ended_time: new Date(t) },
        { session_id: session(2), end_reason: 'logout-all', ended_time: new Date(later) },
        { session_id: session(5), player_id: bob, started_revision: 3, ended_time: null },
        { session_id: session(4), player_id: alice, started_revision: 5, ended_time: null },
      ],
    });
  });

  it('never reopens an ended session when its start is applied again', async () => {
    const events = history();
    await spec.given(...events).when(events[1]!, events[3]!).then({
      sessions: [{ session_id: session(3), end_reason: 'ban' }, { session_id: session(1), end_reason: 'logout' }, { session_id: session(2), end_reason: 'logout-all' }, {}, {}],
    });
  });

  it("deletes every session whose token expired before a later sign-in started, anyone's, ended or not", async () => {
    const log = new EventLog();
    const a = log.player(alice);
    const b = log.player(bob);
    const week = '2026-03-08T12:00:00.000Z';
    const nextMonth = '2026-04-01T12:00:00.000Z';
    await spec
      .given(
        a('SessionStarted', { playerId: alice, sessionId: session(1), startedAt: t, expiresAt: week }),
        a('SessionEnded', { playerId: alice, sessionId: session(1), reason: 'logout', endedAt: t }),
        a('SessionStarted', { playerId: alice, sessionId: session(2), startedAt: t, expiresAt: week }),
        b('SessionStarted', { playerId: bob, sessionId: session(3), startedAt: later, expiresAt: '2026-05-01T12:00:00.000Z' }),
        // A month on, one more sign-in: the two week-long tokens have expired, bob's has not.
        b('SessionStarted', { playerId: bob, sessionId: session(4), startedAt: nextMonth, expiresAt: '2026-04-08T12:00:00.000Z' }),
      )
      .then({ sessions: [{ session_id: session(3), ended_time: null }, { session_id: session(4), ended_time: null }] });
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) =>
    expect(rows.sessions!.map((r) => [r.session_id, r.end_reason])).toEqual([
      [session(3), 'ban'], [session(1), 'logout'], [session(2), 'logout-all'], [session(5), null], [session(4), null],
    ]),
  );
});
