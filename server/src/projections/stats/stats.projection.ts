import type { RecordedEvent } from '../../adapters/event-store/event-store';
import type { GameEvent } from '../../domain/account/game';
import { levelForTotalBet } from '../../domain/hand/rules';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;

/** Per player: hands played, total amount bet and the level it gives, the active hand and the committed shoe. */
export const statsProjection: Projection = {
  name: 'player-stats',
  version: 1,
  handles: ['ShoeCommitted', 'HandOpened', 'HandSettled'],
  tables: ['player_stats'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    const e = { type: event.type, data: event.data } as GameEvent;
    const row = await trx.selectFrom('player_stats').selectAll().where('player_id', '=', playerId).executeTakeFirst();
    if (row && row.revision >= event.revision) return;
    const next = row ?? { player_id: playerId, hands_played: 0, total_bet_amount: 0, level: 0, active_hand_id: null, shoe_id: null, revision: -1 };
    let { hands_played, total_bet_amount, active_hand_id, shoe_id } = next;
    switch (e.type) {
      case 'ShoeCommitted':
        shoe_id = e.data.shoeId;
        break;
      case 'HandOpened':
        active_hand_id = e.data.handId;
        break;
      case 'HandSettled':
        hands_played += 1;
        total_bet_amount = Number(total_bet_amount) + e.data.totalBet;
        if (active_hand_id === e.data.handId) active_hand_id = null;
        break;
      default:
        return;
    }
    const values = { hands_played, total_bet_amount, level: levelForTotalBet(Number(total_bet_amount)), active_hand_id, shoe_id, revision: event.revision };
    if (row) await trx.updateTable('player_stats').set(values).where('player_id', '=', playerId).execute();
    else await trx.insertInto('player_stats').values({ player_id: playerId, ...values }).execute();
  },
};
