import { describe, expect, it } from '@jest/globals';
import { DomainError, fold } from '../decider';
import { phoneClaimDecider, playerDecider, type PlayerEvent } from './player';

const registered: PlayerEvent = { type: 'PlayerRegistered', data: { playerId: 'p1', subject: 'dev:a', email: 'a@x', name: null, photoUrl: null, registeredAt: 't0' } };
const given = (...events: PlayerEvent[]) => fold(playerDecider.evolve, playerDecider.initialState(), events);
const now = '2026-01-01T00:00:00.000Z';

describe('phone verification on the player stream', () => {
  it('starts, then confirms the pending number', () => {
    const started = playerDecider.decide({ type: 'StartPhoneVerification', phoneNumber: '+14155550100', now }, given(registered));
    expect(started).toEqual([{ type: 'PhoneVerificationStarted', data: { playerId: 'p1', phoneNumber: '+14155550100', startedAt: now } }]);
    const confirmed = playerDecider.decide({ type: 'ConfirmPhone', now }, given(registered, ...started));
    expect(confirmed).toEqual([{ type: 'PhoneVerified', data: { playerId: 'p1', phoneNumber: '+14155550100', verifiedAt: now } }]);
    expect(playerDecider.decide({ type: 'ConfirmPhone', now }, given(registered, ...started, ...confirmed))).toEqual([]);
  });

  it('keeps a verified number: another one is PhoneDoesNotMatch, the same one may be verified again', () => {
    const verified = given(
      registered,
      { type: 'PhoneVerificationStarted', data: { playerId: 'p1', phoneNumber: '+14155550100', startedAt: now } },
      { type: 'PhoneVerified', data: { playerId: 'p1', phoneNumber: '+14155550100', verifiedAt: now } },
    );
    expect(() => playerDecider.decide({ type: 'StartPhoneVerification', phoneNumber: '+14155550199', now }, verified)).toThrow(expect.objectContaining({ code: 'PhoneDoesNotMatch' }) as unknown as DomainError);
    expect(playerDecider.decide({ type: 'StartPhoneVerification', phoneNumber: '+14155550100', now }, verified)).toHaveLength(1);
  });

  it('needs a code to have been asked for, and a registered player', () => {
    expect(() => playerDecider.decide({ type: 'ConfirmPhone', now }, given(registered))).toThrow(expect.objectContaining({ code: 'InvalidPhoneNumber' }) as unknown as DomainError);
    expect(() => playerDecider.decide({ type: 'StartPhoneVerification', phoneNumber: '+1', now }, given())).toThrow(expect.objectContaining({ code: 'InvalidPlayer' }) as unknown as DomainError);
  });

  it('counts each code submitted and, after 5, voids the code until a new one is sent', () => {
    const started: PlayerEvent = { type: 'PhoneVerificationStarted', data: { playerId: 'p1', phoneNumber: '+14155550100', startedAt: now } };
    const attempt = { type: 'AttemptPhoneCode', maxAttempts: 5, now } as const;
    const history: PlayerEvent[] = [registered, started];
    for (let n = 1; n <= 5; n++) {
      const events = playerDecider.decide(attempt, given(...history));
      expect(events).toEqual([{ type: 'PhoneCodeAttempted', data: { playerId: 'p1', phoneNumber: '+14155550100', attempt: n, attemptedAt: now } }]);
      history.push(...events);
    }
    expect(() => playerDecider.decide(attempt, given(...history))).toThrow(expect.objectContaining({ code: 'PhoneCodeLocked' }) as unknown as DomainError);
    // A new code starts the count again.
    expect(playerDecider.decide(attempt, given(...history, started))).toEqual([
      { type: 'PhoneCodeAttempted', data: { playerId: 'p1', phoneNumber: '+14155550100', attempt: 1, attemptedAt: now } },
    ]);
    expect(() => playerDecider.decide(attempt, given(registered))).toThrow(expect.objectContaining({ code: 'InvalidPhoneNumber' }) as unknown as DomainError);
  });

  it('links a number to one account only', () => {
    const claimed = phoneClaimDecider.decide({ type: 'ClaimPhone', phoneNumber: '+1', playerId: 'p1', now }, phoneClaimDecider.initialState());
    const state = fold(phoneClaimDecider.evolve, phoneClaimDecider.initialState(), claimed);
    expect(phoneClaimDecider.decide({ type: 'ClaimPhone', phoneNumber: '+1', playerId: 'p1', now }, state)).toEqual([]);
    expect(() => phoneClaimDecider.decide({ type: 'ClaimPhone', phoneNumber: '+1', playerId: 'p2', now }, state)).toThrow(expect.objectContaining({ code: 'DuplicatePhone' }) as unknown as DomainError);
  });
});
