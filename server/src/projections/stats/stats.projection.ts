import type { RecordedEvent } from '../../application/ports/event-store';
import type { GameEvent } from '../../domain/account/game';
import { levelForTotalBet } from '../../domain/hand/rules';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;

interface Stats {
  hands_played: number;
  total_bet_amount: number;
  active_hand_id: string | null;
  shoe_id: string | null;
  revision: number;
}

/** Events of the current batch per player, folded into each player's row once at the end of the batch. */
const batches = new WeakMap<object, Map<string, RecordedEvent[]>>();

function evolve(s: Stats, event: RecordedEvent): Stats {
  if (s.revision >= event.revision) return s;
  const e = { type: event.type, data: event.data } as GameEvent;
  switch (e.type) {
    case 'ShoeCommitted':
      return { ...s, shoe_id: e.data.shoeId, revision: event.revision };
    case 'HandOpened':
      return { ...s, active_hand_id: e.data.handId, revision: event.revision };
    case 'HandSettled':
      return {
        ...s,
        hands_played: s.hands_played + 1,
        total_bet_amount: s.total_bet_amount + e.data.totalBet,
        active_hand_id: s.active_hand_id === e.data.handId ? null : s.active_hand_id,
        revision: event.revision,
      };
    default:
      return s;
  }
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
    let batch = batches.get(trx);
    if (!batch) batches.set(trx, (batch = new Map()));
    const events = batch.get(playerId);
    if (events) events.push(event);
    else batch.set(playerId, [event]);
  },

  async flush(trx, memory) {
    const batch = batches.get(trx);
    batches.delete(trx);
    if (!batch?.size) return;
    // Players whose row an earlier batch wrote are remembered; only the others are read.
    const unknown = [...batch.keys()].filter((id) => memory.get<Stats>(id) === undefined);
    const stored = unknown.length ? await trx.selectFrom('player_stats').selectAll().where('player_id', 'in', unknown).execute() : [];
    const byPlayer = new Map(stored.map((r) => [r.player_id, r]));
    const rows = [...batch].map(([playerId, events]) => {
      const r = byPlayer.get(playerId);
      const start: Stats = memory.get<Stats>(playerId) ??
        (r
          ? { hands_played: r.hands_played, total_bet_amount: Number(r.total_bet_amount), active_hand_id: r.active_hand_id, shoe_id: r.shoe_id, revision: r.revision }
          : { hands_played: 0, total_bet_amount: 0, active_hand_id: null, shoe_id: null, revision: -1 });
      const s = events.reduce(evolve, start);
      memory.set(playerId, s);
      return { player_id: playerId, ...s, level: levelForTotalBet(s.total_bet_amount) };
    });
    await trx
      .insertInto('player_stats')
      .values(rows)
      .onConflict((oc) =>
        oc.column('player_id').doUpdateSet((eb) => ({
          hands_played: eb.ref('excluded.hands_played'),
          total_bet_amount: eb.ref('excluded.total_bet_amount'),
          level: eb.ref('excluded.level'),
          active_hand_id: eb.ref('excluded.active_hand_id'),
          shoe_id: eb.ref('excluded.shoe_id'),
          revision: eb.ref('excluded.revision'),
        })),
      )
      .execute();
  },
};
