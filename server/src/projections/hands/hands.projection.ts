import type { RecordedEvent } from '../../application/ports/event-store';
import type { HandOpened } from '../../domain/account/game';
import { handTotalBet } from '../../domain/account/game-view';
import { type HandEvent, type HandState, evolve, initialState } from '../../domain/hand/hand';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;

export const HAND_EVENTS = [
  'HandStarted', 'CardDealt', 'InsuranceTaken', 'InsuranceDeclined', 'EvenMoneyTaken', 'EvenMoneyDeclined',
  'PlayerHit', 'PlayerStood', 'PlayerDoubled', 'HandSplit', 'DealerPlayed', 'HandSettled',
] as const satisfies readonly HandEvent['type'][];

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

/** Events of the current batch per hand, folded into each hand's row once at the end of the batch. */
const batches = new WeakMap<object, Map<string, RecordedEvent[]>>();

function handIdOf(event: RecordedEvent): string {
  return (event.data as { handId: string }).handId;
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
  return {
    ...row,
    state: evolve(row.state, { type: event.type, data: event.data } as HandEvent),
    settled_time: event.type === 'HandSettled' ? event.createdAt : row.settled_time,
    revision: event.revision,
  };
}

/**
 * One row per hand with the hand engine's state folded from its events (cards, stakes, outcome). An
 * event older than the row's revision is skipped, so replays change nothing. A batch's events are
 * folded in memory and every touched hand is written by one statement at the end of the batch.
 */
export const handsProjection: Projection = {
  name: 'hands',
  version: 2,
  handles: ['HandOpened', ...HAND_EVENTS],
  tables: ['hands'],
  async apply(trx, event: RecordedEvent) {
    if (!ACCOUNT.test(event.streamId)) return;
    let batch = batches.get(trx);
    if (!batch) batches.set(trx, (batch = new Map()));
    const handId = handIdOf(event);
    const events = batch.get(handId);
    if (events) events.push(event);
    else batch.set(handId, [event]);
  },

  async flush(trx, memory) {
    const batch = batches.get(trx);
    batches.delete(trx);
    if (!batch?.size) return;
    // Rows written by earlier batches are remembered; only the others are read back.
    const byId = new Map<string, Row>();
    const unknown: string[] = [];
    for (const [handId, events] of batch) {
      const known = memory.get<Row>(handId);
      if (known) byId.set(handId, known);
      else if (events[0]!.type !== 'HandOpened') unknown.push(handId);
    }
    const stored = unknown.length ? await trx.selectFrom('hands').selectAll().where('id', 'in', unknown).execute() : [];
    for (const r of stored) {
      byId.set(r.id, {
        id: r.id, player_id: r.player_id, shoe_id: r.shoe_id, hand_number: r.hand_number, created_time: new Date(r.created_time).toISOString(),
        settled_time: r.settled_time ? new Date(r.settled_time).toISOString() : null,
        state: (typeof r.state === 'string' ? JSON.parse(r.state) : r.state) as HandState, revision: r.revision,
      });
    }
    const rows: Row[] = [];
    for (const [handId, events] of batch) {
      const playerId = ACCOUNT.exec(events[0]!.streamId)![1]!;
      const before = byId.get(handId);
      const after = events.reduce<Row | undefined>((row, e) => fold(row, e, playerId), before);
      if (after && after !== before) rows.push(after);
    }
    if (!rows.length) return;
    for (const row of rows) memory.set(row.id, row);
    await trx
      .insertInto('hands')
      .values(
        rows.map((r) => {
          const s = r.state.settlement;
          return {
            id: r.id, player_id: r.player_id, shoe_id: r.shoe_id, hand_number: r.hand_number, created_time: r.created_time, settled_time: r.settled_time,
            phase: r.state.phase, base_bet: r.state.bet, total_bet: handTotalBet(r.state), win_amount: s?.winAmount ?? null, net: s?.net ?? null,
            level: r.state.level, state: JSON.stringify(r.state), revision: r.revision,
          };
        }),
      )
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            settled_time: eb.ref('excluded.settled_time'),
            phase: eb.ref('excluded.phase'),
            base_bet: eb.ref('excluded.base_bet'),
            total_bet: eb.ref('excluded.total_bet'),
            win_amount: eb.ref('excluded.win_amount'),
            net: eb.ref('excluded.net'),
            level: eb.ref('excluded.level'),
            state: eb.ref('excluded.state'),
            revision: eb.ref('excluded.revision'),
          }))
          .where('hands.revision', '<', (eb) => eb.ref('excluded.revision')),
      )
      .execute();
  },
};
