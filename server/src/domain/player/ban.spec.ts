import { describe, expect, it } from '@jest/globals';
import { DeciderSpecification } from '../decider.test-support';
import { type PlayerCommand, playerDecider, type PlayerEvent } from './player';

const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: 't0' } };
const started: PlayerEvent = { type: 'PhoneVerificationStarted', data: { playerId: 'p1', phoneNumber: '+14155550100', startedAt: 't1' } };
const banned: PlayerEvent = { type: 'PlayerBanned', data: { playerId: 'p1', adminId: 'a1', bannedAt: 't2' } };
const given = DeciderSpecification.for(playerDecider);
const now = '2026-01-01T00:00:00.000Z';

describe('a ban on the player stream', () => {
  it("answers Banned to each of the player's own commands, so no code is sent or checked and no setting changes", () => {
    const commands: PlayerCommand[] = [
      { type: 'StartPhoneVerification', phoneNumber: '+14155550100', now },
      { type: 'AttemptPhoneCode', maxAttempts: 5, now },
      { type: 'ConfirmPhone', now },
      { type: 'SetAnimation', animate: false, now },
      { type: 'SetSelfExclusion', selfExcluded: true, coolingOffMs: 0, now },
    ];
    for (const command of commands) given([registered, started, banned]).when(command).thenThrows('Banned');
  });

  it('still lets the banned player sign in and sign out', () => {
    given([registered, banned])
      .when({ type: 'SignIn', playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, now, session: { sessionId: 's1', expiresAt: now } })
      .then((events) => expect(events).toHaveLength(1));
    given([registered, banned]).when({ type: 'EndSession', sessionId: 's1', now }).then((events) => expect(events).toHaveLength(1));
  });

  it('is never decided by the banned person on themself, neither the ban nor its lifting', () => {
    given([registered]).when({ type: 'Ban', adminId: 'p1', reason: 'testing myself', now }).thenThrows('Forbidden');
    given([registered, banned]).when({ type: 'Unban', adminId: 'p1', now }).thenThrows('Forbidden');
    given([registered, banned]).when({ type: 'Unban', adminId: 'a2', now }).then([{ type: 'PlayerUnbanned', data: { playerId: 'p1', adminId: 'a2', unbannedAt: now } }]);
  });
});
