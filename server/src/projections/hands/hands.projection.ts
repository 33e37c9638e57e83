import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../../adapters/event-store/event-store';
import type { HandOpened } from '../../domain/account/game';
import { handTotalBet } from '../../domain/account/game-view';
import { type HandEvent, type HandState, evolve, initialState } from '../../domain/hand/hand';
import type { Projection } from '../projection';
import type { ReadModels } from '../schema';

const ACCOUNT = /^account-(.+)$/;

export const HAND_EVENTS = [
  'HandStarted', 'CardDealt', 'InsuranceTaken', 'InsuranceDeclined', 'EvenMoneyTaken', 'EvenMoneyDeclined',
  'PlayerHit', 'PlayerStood', 'PlayerDoubled', 'HandSplit', 'DealerPlayed', 'HandSettled',
] as const satisfies readonly HandEvent['type'][];

interface Row {
  state: HandState;
  revision: number;
  /** Changed in this batch and not yet written. */
  dirty: boolean;
  settledTime?: string;
}

/** Rows read in the current batch's transaction, so a hand's events in one batch read its row once. */
const batchRows = new WeakMap<object, Map<string, Row>>();

/**
 * One row per hand with the hand engine's state folded from its events (cards, stakes, outcome). An
 * event older than the row's revision is skipped, so replays change nothing. A hand's events in one
 * batch are folded in memory and the row is written once, at the end of the batch.
 */
export const handsProjection: Projection = {
  name: 'hands',
  version: 1,
  handles: ['HandOpened', ...HAND_EVENTS],
  tables: ['hands'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    let rows = batchRows.get(trx);
    if (!rows) batchRows.set(trx, (rows = new Map()));
    if (event.type === 'HandOpened') {
      const d = event.data as HandOpened['data'];
      const state = initialState();
      await trx
        .insertInto('hands')
        .values({
          id: d.handId, player_id: playerId, shoe_id: d.shoeId, hand_number: d.handNumber, created_time: d.openedAt, settled_time: null,
          phase: state.phase, base_bet: 0, total_bet: 0, win_amount: null, net: null, level: 0, state: JSON.stringify(state), revision: event.revision,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      rows.delete(d.handId);
      return;
    }
    const e = { type: event.type, data: event.data } as HandEvent;
    const handId = e.data.handId;
    const row = rows.get(handId) ?? (await readRow(trx, handId));
    if (!row || row.revision >= event.revision) return;
    const state = evolve(row.state, e);
    rows.set(handId, { state, revision: event.revision, dirty: true, settledTime: e.type === 'HandSettled' ? event.createdAt : row.settledTime });
  },

  async flush(trx) {
    const rows = batchRows.get(trx);
    if (!rows) return;
    for (const [handId, row] of rows) {
      if (!row.dirty) continue;
      const { state, revision } = row;
      const s = state.settlement;
      await trx
        .updateTable('hands')
        .set({
          phase: state.phase,
          base_bet: state.bet,
          total_bet: handTotalBet(state),
          win_amount: s?.winAmount ?? null,
          net: s?.net ?? null,
          level: state.level,
          settled_time: row.settledTime,
          state: JSON.stringify(state),
          revision,
        })
        .where('id', '=', handId)
        .where('revision', '<', revision)
        .execute();
      row.dirty = false;
    }
  },
};

async function readRow(trx: Transaction<ReadModels>, handId: string): Promise<Row | undefined> {
  const row = await trx.selectFrom('hands').select(['state', 'revision']).where('id', '=', handId).executeTakeFirst();
  if (!row) return undefined;
  const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as HandState;
  return { state, revision: Number(row.revision), dirty: false };
}
