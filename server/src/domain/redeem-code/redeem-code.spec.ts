import { DeciderSpecification } from '../decider.test-support';
import { assertRedeemable, type RedeemCodeCommand, type RedeemCodeEvent, type RedeemCodeTerms, redeemCodeDecider, redeemCodeStream } from './redeem-code';

const t0 = '2026-01-01T10:00:00.000Z';
const terms = (over: Partial<RedeemCodeTerms> = {}): RedeemCodeTerms => ({
  code: 'welcome', bonusAmount: 2_500, playthroughTarget: 250_000, maxRedemptions: null, expiresAt: null, minBank: 1, ...over,
});
const created = (over: Partial<RedeemCodeTerms> = {}): RedeemCodeEvent => ({ type: 'RedeemCodeCreated', data: { ...terms(over), code: 'WELCOME', createdBy: 'admin', createdAt: t0 } });
const claim = (playerId: string, bonusId = `bonus-${playerId}`, now = t0): RedeemCodeCommand => ({ type: 'ClaimRedeemCode', playerId, bonusId, now });

const given = DeciderSpecification.for(redeemCodeDecider);

describe('redeem codes', () => {
  it('live in one stream per code, whatever its case', () => {
    expect(redeemCodeStream(' Welcome ')).toBe('redeem-code-WELCOME');
  });

  it('are created once by an admin, upper-case, with at least 5 characters', () => {
    given([]).when({ type: 'CreateRedeemCode', terms: terms(), adminId: 'admin', now: t0 }).then([created()]);
    given([created()]).when({ type: 'CreateRedeemCode', terms: terms(), adminId: 'admin', now: t0 }).thenThrows('Conflict');
    given([]).when({ type: 'CreateRedeemCode', terms: terms({ code: 'ab' }), adminId: 'admin', now: t0 }).thenThrows('ValidationFailed');
  });

  it('are redeemed once per player, within their uses, before they expire', () => {
    given([created()]).when(claim('ana')).then([{ type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: 'ana', bonusId: 'bonus-ana', redemptions: 1, redeemedAt: t0 } }]);
    given([]).when(claim('ana')).thenThrows('InvalidRedeemCode');
    given([created({ expiresAt: t0 })]).when(claim('ana')).thenThrows('InvalidRedeemCode');
    const ana: RedeemCodeEvent = { type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: 'ana', bonusId: 'bonus-ana', redemptions: 1, redeemedAt: t0 } };
    given([created(), ana]).when(claim('ana', 'another-bonus')).thenThrows('CodeAlreadyRedeemed', 'already redeemed');
    // The same claim again (a repeat of one keyed request) holds its use already.
    given([created(), ana]).when(claim('ana')).thenNothingHappened();
    given([created({ maxRedemptions: 1 }), ana]).when(claim('ben')).thenThrows('CodeAlreadyRedeemed', 'no longer available');
    given([created({ maxRedemptions: 2 }), ana]).when(claim('ben')).then([
      { type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: 'ben', bonusId: 'bonus-ben', redemptions: 2, redeemedAt: t0 } },
    ]);
  });

  it('tell a code other players used up from one the player redeemed already, by the reason they carry', () => {
    const ana: RedeemCodeEvent = { type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: 'ana', bonusId: 'bonus-ana', redemptions: 1, redeemedAt: t0 } };
    const state = given([created({ maxRedemptions: 1 }), ana]).state();
    expect(() => assertRedeemable(state, 'ben', t0)).toThrow(expect.objectContaining({ code: 'CodeAlreadyRedeemed', detail: { reason: 'UsedUp' } }) as unknown as Error);
    expect(() => assertRedeemable(state, 'ana', t0)).toThrow(expect.objectContaining({ code: 'CodeAlreadyRedeemed', detail: { reason: 'AlreadyRedeemed' } }) as unknown as Error);
  });

  it('give a use back when the account refused it, once', () => {
    const ana: RedeemCodeEvent = { type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: 'ana', bonusId: 'bonus-ana', redemptions: 1, redeemedAt: t0 } };
    const release: RedeemCodeCommand = { type: 'ReleaseRedeemCode', playerId: 'ana', bonusId: 'bonus-ana', now: t0 };
    given([created({ maxRedemptions: 1 }), ana]).when(release).then([
      { type: 'RedeemCodeReleased', data: { code: 'WELCOME', playerId: 'ana', bonusId: 'bonus-ana', redemptions: 0, releasedAt: t0 } },
    ]);
    const released: RedeemCodeEvent = { type: 'RedeemCodeReleased', data: { code: 'WELCOME', playerId: 'ana', bonusId: 'bonus-ana', redemptions: 0, releasedAt: t0 } };
    given([created({ maxRedemptions: 1 }), ana, released]).when(release).thenNothingHappened();
    given([created({ maxRedemptions: 1 }), ana, released]).when(claim('ben')).then([
      { type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: 'ben', bonusId: 'bonus-ben', redemptions: 1, redeemedAt: t0 } },
    ]);
  });
});
