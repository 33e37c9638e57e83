import { expect, it } from '@jest/globals';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { RedeemCodeEvent } from '../../domain/redeem-code/redeem-code';
import { alice, bob, describeProjection } from '../projection.test-support';
import { redeemCodesProjection } from './redeem-codes.projection';

const t = '2026-01-01T09:00:00.000Z';
let position = 0;
const revisions = new Map<string, number>();
function recorded(event: RedeemCodeEvent): RecordedEvent {
  const streamId = `redeem-code-${event.data.code}`;
  const revision = (revisions.get(streamId) ?? -1) + 1;
  revisions.set(streamId, revision);
  position++;
  return { id: `00000000-0000-4000-9000-${String(position).padStart(12, '0')}`, streamId, revision, checkpoint: `0:${position}`, createdAt: t, metadata: { correlationId: 'spec' }, ...event };
}

function history(): RecordedEvent[] {
  revisions.clear();
  return [
    recorded({ type: 'RedeemCodeCreated', data: { code: 'WELCOME', bonusAmount: 2_500, playthroughTarget: 250_000, maxRedemptions: 2, expiresAt: null, minBank: 1, createdBy: bob, createdAt: t } }),
    recorded({ type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: alice, bonusId: 'b1', redemptions: 1, redeemedAt: t } }),
    recorded({ type: 'RedeemCodeRedeemed', data: { code: 'WELCOME', playerId: bob, bonusId: 'b2', redemptions: 2, redeemedAt: t } }),
    recorded({ type: 'RedeemCodeReleased', data: { code: 'WELCOME', playerId: bob, bonusId: 'b2', redemptions: 1, releasedAt: t } }),
  ];
}

describeProjection(redeemCodesProjection, (spec) => {
  it('lists a new code with its terms and no use yet', async () => {
    await spec.given(history()[0]!).then({
      redeem_codes: [
        { code: 'WELCOME', bonus_amount: 2_500, playthrough_target: 250_000, max_redemptions: 2, expires_at: null, min_bank: 1, redemptions: 0, created_by: bob, created_time: new Date(t) },
      ],
    });
  });

  it('counts the uses, and a released one no more', async () => {
    const events = history();
    await spec.given(...events.slice(0, 2)).when(...events.slice(2)).then({ redeem_codes: [{ code: 'WELCOME', redemptions: 1 }] });
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) => expect(rows.redeem_codes!.map((r) => r.redemptions)).toEqual([1]));
});
