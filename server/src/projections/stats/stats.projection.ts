import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../../adapters/event-store/event-store';
import type { GameEvent } from '../../domain/account/game';
import { levelForTotalBet } from '../../domain/hand/rules';
import type { Projection } from '../projection';
import type { ReadModels } from '../schema';

const ACCOUNT = /^account-(.+)$/;

interface Stats {
  exists: boolean;
  dirty: boolean;
  hands_played: number;
  total_bet_amount: number;
  active_hand_id: string | null;
  shoe_id: string | null;
  revision: number;
}

/** Rows of the current batch, read once and written once at the end of the batch. */
const batches = new WeakMap<object, Map<string, Stats>>();

async function read(trx: Transaction<ReadModels>, playerId: string): Promise<Stats> {
  const row = await trx.selectFrom('player_stats').selectAll().where('player_id', '=', playerId).executeTakeFirst();
  return row
    ? { exists: true, dirty: false, hands_played: row.hands_played, total_bet_amount: Number(row.total_bet_amount), active_hand_id: row.active_hand_id, shoe_id: row.shoe_id, revision: row.revision }
    : { exists: false, dirty: false, hands_played: 0, total_bet_amount: 0, active_hand_id: null, shoe_id: null, revision: -1 };
}

/** Per player: hands played, total amount bet and the level it gives, the active hand and the committed shoe. */
export const statsProjection: Projection = {
  name: 'player-stats',
  version: 2,
  handles: ['ShoeCommitted', 'HandOpened', 'HandSettled'],
  tables: ['player_stats'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    let rows = batches.get(trx);
    if (!rows) batches.set(trx, (rows = new Map()));
    let s = rows.get(playerId);
    if (!s) rows.set(playerId, (s = await read(trx, playerId)));
    if (s.revision >= event.revision) return;
    const e = { type: event.type, data: event.data } as GameEvent;
    switch (e.type) {
      case 'ShoeCommitted':
        s.shoe_id = e.data.shoeId;
        break;
      case 'HandOpened':
        s.active_hand_id = e.data.handId;
        break;
      case 'HandSettled':
        s.hands_played += 1;
        s.total_bet_amount += e.data.totalBet;
        if (s.active_hand_id === e.data.handId) s.active_hand_id = null;
        break;
      default:
        return;
    }
    s.revision = event.revision;
    s.dirty = true;
  },

  async flush(trx) {
    const rows = batches.get(trx);
    if (!rows) return;
    batches.delete(trx);
    for (const [playerId, s] of rows) {
      if (!s.dirty) continue;
      const values = {
        hands_played: s.hands_played, total_bet_amount: s.total_bet_amount, level: levelForTotalBet(s.total_bet_amount),
        active_hand_id: s.active_hand_id, shoe_id: s.shoe_id, revision: s.revision,
      };
      if (s.exists) await trx.updateTable('player_stats').set(values).where('player_id', '=', playerId).execute();
      else await trx.insertInto('player_stats').values({ player_id: playerId, ...values }).execute();
    }
  },
};
