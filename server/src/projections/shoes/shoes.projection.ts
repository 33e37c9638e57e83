import type { RecordedEvent } from '../../application/ports/event-store';
import type { GameEvent } from '../../domain/account/game';
import { type Projection, domainEvent } from '../projection';
import { foldRows } from '../batch';

interface Row {
  id: string;
  player_id: string;
  house_seed_hash: string;
  player_seed: string | null;
  house_seed: string | null;
  hand_count: number;
  retired: boolean;
  retired_early: boolean;
  created_time: string;
  retired_time: string | null;
  /** Revision of the last account event folded into the row. */
  revision: number;
}

function fold(row: Row | undefined, event: RecordedEvent, playerId: string): Row | undefined {
  const e = domainEvent<GameEvent>(event);
  if (e.type === 'ShoeCommitted') {
    if (row) return row;
    return {
      id: e.data.shoeId, player_id: playerId, house_seed_hash: e.data.houseSeedHash, player_seed: null, house_seed: null, hand_count: 0,
      retired: false, retired_early: false, created_time: e.data.committedAt, retired_time: null, revision: event.revision,
    };
  }
  if (!row || row.revision >= event.revision) return row;
  switch (e.type) {
    case 'ShoeStarted':
      return { ...row, player_seed: e.data.playerSeed, revision: event.revision };
    case 'ShoeRetired':
      return {
        ...row, house_seed: e.data.houseSeed, player_seed: e.data.playerSeed, hand_count: e.data.handCount, retired: true, retired_early: e.data.early,
        retired_time: e.data.retiredAt, revision: event.revision,
      };
    default:
      return row;
  }
}

/**
 * One row per shoe, written when it is committed, started (the first deal fixes the player seed) and
 * retired. The house seed is written only when the shoe retires, so it never sits in a read model while
 * in use; so is its count of hands (0 before): the count of a shoe in use is the account's, and its
 * readers answer it from there, so the shoe's row is not written at every hand. A batch's events are folded per shoe in memory and written by one statement; an
 * event older than the row's revision is skipped, so replays change nothing.
 */
export const shoesProjection: Projection = {
  name: 'shoes',
  version: 2,
  writesHeld: true,
  handles: ['ShoeCommitted', 'ShoeStarted', 'ShoeRetired'],
  tables: ['shoes'],
  applyBatch: foldRows<Row, 'shoes'>({
    stream: 'account',
    rowPer: 'shoeId',
    fold,
    createdBy: 'ShoeCommitted',
    stored: {
      table: 'shoes',
      key: 'id',
      columns: ['player_seed', 'house_seed', 'hand_count', 'retired', 'retired_early', 'retired_time'],
      fromStored: (r) => ({
        ...r, created_time: new Date(r.created_time).toISOString(), retired_time: r.retired_time ? new Date(r.retired_time).toISOString() : null,
      }),
      toStored: (r) => r,
    },
  }),
};
