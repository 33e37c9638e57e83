import type { RecordedEvent } from '../../application/ports/event-store';
import type { GameEvent } from '../../domain/account/game';
import { levelForTotalBet } from '@bahati/contracts';
import { type Projection, domainEvent } from '../projection';
import { foldRows } from '../batch';

interface Stats {
  player_id: string;
  hands_played: number;
  total_bet_amount: number;
  total_won_amount: number;
  active_hand_id: string | null;
  shoe_id: string | null;
  revision: number;
}

/** A copy of `s` to change: each field named (a spread of it, at every event, copied it on V8's slow path). */
const copyStats = (s: Stats): Stats => ({
  player_id: s.player_id, hands_played: s.hands_played, total_bet_amount: s.total_bet_amount, total_won_amount: s.total_won_amount,
  active_hand_id: s.active_hand_id, shoe_id: s.shoe_id, revision: s.revision,
});

function evolve(s: Stats, event: RecordedEvent): Stats {
  if (s.revision >= event.revision) return s;
  const e = domainEvent<GameEvent>(event);
  if (e.type !== 'ShoeCommitted' && e.type !== 'HandOpened' && e.type !== 'HandSettled') return s;
  const next = copyStats(s);
  next.revision = event.revision;
  switch (e.type) {
    case 'ShoeCommitted':
      next.shoe_id = e.data.shoeId;
      break;
    case 'HandOpened':
      next.active_hand_id = e.data.handId;
      break;
    case 'HandSettled':
      next.hands_played += 1;
      next.total_bet_amount += e.data.totalBet;
      next.total_won_amount += e.data.winAmount;
      if (s.active_hand_id === e.data.handId) next.active_hand_id = null;
      break;
  }
  return next;
}

/**
 * Per player: hands played, total amount bet and won, the level the bets give, the active hand and the
 * committed shoe, for staff views and lists (analytic: the player's own figures come from the account).
 */
export const statsProjection: Projection = {
  name: 'player-stats',
  version: 3,
  writesHeld: true,
  tier: 'analytic',
  handles: ['ShoeCommitted', 'HandOpened', 'HandSettled'],
  tables: ['player_stats'],
  applyBatch: foldRows<Stats, 'player_stats'>({
    stream: 'account',
    fold: (s, event, playerId) =>
      evolve(s ?? { player_id: playerId, hands_played: 0, total_bet_amount: 0, total_won_amount: 0, active_hand_id: null, shoe_id: null, revision: -1 }, event),
    stored: {
      table: 'player_stats',
      key: 'player_id',
      columns: ['hands_played', 'total_bet_amount', 'total_won_amount', 'level', 'active_hand_id', 'shoe_id'],
      fromStored: (r) => ({
        player_id: r.player_id, hands_played: r.hands_played, total_bet_amount: Number(r.total_bet_amount), total_won_amount: Number(r.total_won_amount), active_hand_id: r.active_hand_id, shoe_id: r.shoe_id,
        revision: r.revision,
      }),
      toStored: (s) => ({
        player_id: s.player_id, hands_played: s.hands_played, total_bet_amount: s.total_bet_amount, total_won_amount: s.total_won_amount,
        active_hand_id: s.active_hand_id, shoe_id: s.shoe_id, revision: s.revision, level: levelForTotalBet(s.total_bet_amount),
      }),
    },
  }),
};
