import type { RecordedEvent } from '../../adapters/event-store/event-store';
import type { GameEvent } from '../../domain/account/game';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;

/** One row per shoe. The house seed is written only when the shoe retires, so it never sits in a read model while in use. */
export const shoesProjection: Projection = {
  name: 'shoes',
  version: 1,
  handles: ['ShoeCommitted', 'ShoeStarted', 'HandOpened', 'ShoeRetired'],
  tables: ['shoes'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    const e = { type: event.type, data: event.data } as GameEvent;
    const update = (shoeId: string) => trx.updateTable('shoes').where('id', '=', shoeId).where('revision', '<', event.revision);
    switch (e.type) {
      case 'ShoeCommitted':
        await trx
          .insertInto('shoes')
          .values({ id: e.data.shoeId, player_id: playerId, house_seed_hash: e.data.houseSeedHash, player_seed: null, house_seed: null, hand_count: 0, retired: false, retired_early: false, created_time: e.data.committedAt, retired_time: null, revision: event.revision })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      case 'ShoeStarted':
        await update(e.data.shoeId).set({ player_seed: e.data.playerSeed, revision: event.revision }).execute();
        return;
      case 'HandOpened':
        await update(e.data.shoeId).set({ hand_count: e.data.handNumber, revision: event.revision }).execute();
        return;
      case 'ShoeRetired':
        await update(e.data.shoeId)
          .set({ house_seed: e.data.houseSeed, player_seed: e.data.playerSeed, hand_count: e.data.handCount, retired: true, retired_early: e.data.early, retired_time: e.data.retiredAt, revision: event.revision })
          .execute();
        return;
      default:
        return;
    }
  },
};
