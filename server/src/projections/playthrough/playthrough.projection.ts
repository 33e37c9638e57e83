import type { Transaction } from 'kysely';
import type { BonusEvent } from '../../domain/account/bonus';
import { streamOwner } from '../../domain/streams';
import { eachEvent, writeAsJson } from '../batch';
import type { Projection } from '../projection';
import type { ReadModels } from '../schema';

const ended = (trx: Transaction<ReadModels>, bonusId: string, value: string, at: string, by: 'withdrawal' | null = null) =>
  trx.updateTable('bonuses').set({ status: value, expires_at: null, ended_by: by, ended_at: at }).where('id', '=', bonusId).execute();

const PLAYTHROUGH = 'update bonuses b set playthrough = v.playthrough from json_to_recordset($1::json) as v(id uuid, playthrough bigint) where b.id = v.id';

/** A statement per event for the rare ones (offers, answers, completion); stakes are gathered, below. */
const perEvent = eachEvent<BonusEvent, 'account'>('account', {
    BonusOffered: (trx, d, playerId) =>
      trx
        .insertInto('bonuses')
        .values({
          id: d.bonusId, player_id: playerId, date: d.offeredAt, redeem_code: null, deposit_amount: d.depositAmount, bonus_amount: d.bonusAmount,
          status: 'Offered', playthrough: 0, playthrough_target: d.playthroughTarget, expires_at: d.expiresAt, ended_by: null, ended_at: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),
    // A redeemed code is accepted without an offer before it: the row starts here.
    BonusAccepted: (trx, d, playerId) =>
      trx
        .insertInto('bonuses')
        .values({
          id: d.bonusId, player_id: playerId, date: d.acceptedAt, redeem_code: d.redeemCode, deposit_amount: null, bonus_amount: d.amount,
          status: 'Accepted', playthrough: 0, playthrough_target: d.playthroughTarget, expires_at: null, ended_by: null, ended_at: null,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'Accepted', expires_at: null }).where('bonuses.status', '=', 'Offered'))
        .execute(),
    BonusDeclined: (trx, d) => ended(trx, d.bonusId, 'Declined', d.declinedAt),
    BonusExpired: (trx, d) => ended(trx, d.bonusId, 'Expired', d.expiredAt),
    BonusOfferLapsed: (trx, d) => ended(trx, d.bonusId, 'Expired', d.lapsedAt, 'withdrawal'),
    BonusCompleted: (trx, d) => ended(trx, d.bonusId, 'Complete', d.completedAt),
    BonusForgiven: (trx, d) => ended(trx, d.bonusId, 'Forgiven', d.forgivenAt),
});

/**
 * The playthrough read model: one row per bonus with its status, how much has been wagered toward
 * its target, and when (and, for an offer that lapsed at a withdrawal request, why) it ended. Every statement sets absolute values, so applying an event again changes nothing.
 * `WagerCounted` comes with every stake while a bonus is accepted: a batch keeps each bonus's last
 * playthrough and sets them all with one statement after the batch's other statements (playthrough is
 * written by nothing else once the row exists), instead of a statement per stake.
 */
export const playthroughProjection: Projection = {
  name: 'playthrough',
  version: 2,
  tables: ['bonuses'],
  handles: [...perEvent.handles, 'WagerCounted'],
  // Stakes only (the rest write a statement each).
  writesHeld: (events) => events.every((e) => e.type === 'WagerCounted'),
  async applyBatch(trx, events, memory) {
    const others = events.filter((e) => e.type !== 'WagerCounted');
    if (others.length) await perEvent.applyBatch(trx, others, memory);
    const playthrough = new Map<string, number>();
    for (const e of events) {
      if (e.type !== 'WagerCounted' || streamOwner(e.streamId, 'account') === undefined) continue;
      const d = e.data as Extract<BonusEvent, { type: 'WagerCounted' }>['data'];
      playthrough.set(d.bonusId, d.playthrough);
    }
    if (playthrough.size === 0) return;
    // Held with the batch's other writes: sent after the statements above (in a transaction), or with the
    // checkpoints in one statement when the batch holds only stakes.
    await writeAsJson(trx, PLAYTHROUGH, [...playthrough].map(([id, value]) => ({ id, playthrough: value })));
  },
};
