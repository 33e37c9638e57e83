import { describe, expect, it } from '@jest/globals';
import { DeciderSpecification } from '../decider.test-support';
import { phoneClaimDecider, playerDecider, type PlayerEvent } from './player';

const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: 't0' } };
const given = DeciderSpecification.for(playerDecider);
const now = '2026-01-01T00:00:00.000Z';

describe('phone verification on the player stream', () => {
  it('starts, then confirms the pending number', () => {
    const started: PlayerEvent[] = [{ type: 'PhoneVerificationStarted', data: { playerId: 'p1', phoneNumber: '+14155550100', startedAt: now } }];
    given([registered]).when({ type: 'StartPhoneVerification', phoneNumber: '+14155550100', now }).then(started);
    const confirmed: PlayerEvent[] = [{ type: 'PhoneVerified', data: { playerId: 'p1', phoneNumber: '+14155550100', verifiedAt: now } }];
    given([registered, ...started]).when({ type: 'ConfirmPhone', now }).then(confirmed);
    given([registered, ...started, ...confirmed]).when({ type: 'ConfirmPhone', now }).thenNothingHappened();
  });

  it('keeps a verified number: another one is PhoneDoesNotMatch, the same one may be verified again', () => {
    const verified = given([
      registered,
      { type: 'PhoneVerificationStarted', data: { playerId: 'p1', phoneNumber: '+14155550100', startedAt: now } },
      { type: 'PhoneVerified', data: { playerId: 'p1', phoneNumber: '+14155550100', verifiedAt: now } },
    ]);
    verified.when({ type: 'StartPhoneVerification', phoneNumber: '+14155550199', now }).thenThrows('PhoneDoesNotMatch');
    verified.when({ type: 'StartPhoneVerification', phoneNumber: '+14155550100', now }).then((events) => expect(events).toHaveLength(1));
  });

  it('needs a code to have been asked for, and a registered player', () => {
    given([registered]).when({ type: 'ConfirmPhone', now }).thenThrows('InvalidPhoneNumber');
    given([]).when({ type: 'StartPhoneVerification', phoneNumber: '+1', now }).thenThrows('InvalidPlayer');
  });

  it('counts each code submitted and, after 5, voids the code until a new one is sent', () => {
    const started: PlayerEvent = { type: 'PhoneVerificationStarted', data: { playerId: 'p1', phoneNumber: '+14155550100', startedAt: now } };
    const attempt = { type: 'AttemptPhoneCode', maxAttempts: 5, now } as const;
    const history: PlayerEvent[] = [registered, started];
    for (let n = 1; n <= 5; n++) {
      const attempted: PlayerEvent[] = [{ type: 'PhoneCodeAttempted', data: { playerId: 'p1', phoneNumber: '+14155550100', attempt: n, attemptedAt: now } }];
      given(history).when(attempt).then(attempted);
      history.push(...attempted);
    }
    given(history).when(attempt).thenThrows('PhoneCodeLocked');
    // A new code starts the count again.
    given([...history, started]).when(attempt).then([
      { type: 'PhoneCodeAttempted', data: { playerId: 'p1', phoneNumber: '+14155550100', attempt: 1, attemptedAt: now } },
    ]);
    given([registered]).when(attempt).thenThrows('InvalidPhoneNumber');
  });

  it('links a number to one account only', () => {
    const claims = DeciderSpecification.for(phoneClaimDecider);
    const claimed = claims([]).when({ type: 'ClaimPhone', phoneNumber: '+1', playerId: 'p1', now }).events();
    claims(claimed).when({ type: 'ClaimPhone', phoneNumber: '+1', playerId: 'p1', now }).thenNothingHappened();
    claims(claimed).when({ type: 'ClaimPhone', phoneNumber: '+1', playerId: 'p2', now }).thenThrows('DuplicatePhone');
  });
});
