import type { RecordedEvent } from '../../application/ports/event-store';
import type { HandOpened } from '../../domain/account/game';
import { handTotalBet } from '../../domain/account/game-view';
import { HAND_EVENT_TYPES, type HandEvent, type HandState, evolve, initialState } from '../../domain/hand/hand';
import { type Projection, domainEvent } from '../projection';
import { type StoredFold, foldRows, recallRows } from '../batch';
import { handStateFromStored, storedHandState } from './stored-state';

interface Row {
  id: string;
  player_id: string;
  shoe_id: string;
  hand_number: number;
  created_time: string;
  settled_time: string | null;
  state: HandState;
  revision: number;
}

function fold(row: Row | undefined, event: RecordedEvent, playerId: string): Row | undefined {
  if (event.type === 'HandOpened') {
    if (row) return row;
    const d = event.data as HandOpened['data'];
    return {
      id: d.handId, player_id: playerId, shoe_id: d.shoeId, hand_number: d.handNumber, created_time: d.openedAt, settled_time: null,
      state: initialState(), revision: event.revision,
    };
  }
  if (!row || row.revision >= event.revision) return row;
  // Each field named: a fold runs at every event of a hand, and a spread of the row copies it on V8's slow path.
  return {
    id: row.id, player_id: row.player_id, shoe_id: row.shoe_id, hand_number: row.hand_number, created_time: row.created_time,
    settled_time: event.type === 'HandSettled' ? event.createdAt : row.settled_time,
    state: evolve(row.state, domainEvent<HandEvent>(event)),
    revision: event.revision,
  };
}

const HANDLES = ['HandOpened', ...HAND_EVENT_TYPES];

/** Hands folded per hand id; written once settled. */
const rows: StoredFold<Row, 'hands'> & Required<Pick<StoredFold<Row, 'hands'>, 'writtenWhen'>> = {
  stream: 'account',
  rowPer: 'handId',
  fold,
  createdBy: 'HandOpened',
  writtenWhen: { test: (row) => row.settled_time !== null, handles: HANDLES },
  stored: {
    table: 'hands',
    key: 'id',
    columns: ['settled_time', 'phase', 'base_bet', 'total_bet', 'win_amount', 'net', 'level', 'state'],
    fromStored: (r) => ({
      id: r.id, player_id: r.player_id, shoe_id: r.shoe_id, hand_number: r.hand_number, created_time: new Date(r.created_time).toISOString(),
      settled_time: r.settled_time ? new Date(r.settled_time).toISOString() : null,
      state: handStateFromStored(r.state, r), revision: r.revision,
    }),
    toStored: (r) => {
      const s = r.state.settlement;
      return {
        id: r.id, player_id: r.player_id, shoe_id: r.shoe_id, hand_number: r.hand_number, created_time: r.created_time, settled_time: r.settled_time,
        phase: r.state.phase, base_bet: r.state.bet, total_bet: handTotalBet(r.state), win_amount: s?.winAmount ?? null, net: s?.net ?? null,
        level: r.state.level, state: storedHandState(r.state), revision: r.revision,
      };
    },
  },
};

/**
 * One row per settled hand with the hand engine's state folded from its events (cards, stakes, outcome),
 * written once, when the hand settles. The hand in play is kept in the runner's memory only (its readers
 * answer it from the account), and folded again from the account's events when that memory is lost. An
 * event older than the row's revision is skipped, so replays change nothing. A batch's events are folded
 * in memory and every hand settled in it is written by one statement.
 */
export const handsProjection: Projection = {
  name: 'hands',
  // 3: the state stored without what the row's columns and the level give again (`storedHandState`).
  version: 3,
  writesHeld: true,
  handles: HANDLES,
  tables: ['hands'],
  applyBatch: foldRows(rows),
  recall: recallRows(rows),
};
