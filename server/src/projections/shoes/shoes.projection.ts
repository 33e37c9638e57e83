import type { RecordedEvent } from '../../application/ports/event-store';
import type { GameEvent } from '../../domain/account/game';
import type { Projection } from '../projection';

const ACCOUNT = /^account-(.+)$/;

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

/** Events of the current batch per shoe, folded into each shoe's row once at the end of the batch. */
const batches = new WeakMap<object, Map<string, { playerId: string; events: RecordedEvent[] }>>();

function fold(row: Row | undefined, event: RecordedEvent, playerId: string): Row | undefined {
  const e = { type: event.type, data: event.data } as GameEvent;
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
    case 'HandOpened':
      return { ...row, hand_count: e.data.handNumber, revision: event.revision };
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
 * One row per shoe. The house seed is written only when the shoe retires, so it never sits in a read
 * model while in use. A batch's events are folded per shoe in memory and written by one statement; an
 * event older than the row's revision is skipped, so replays change nothing.
 */
export const shoesProjection: Projection = {
  name: 'shoes',
  version: 1,
  handles: ['ShoeCommitted', 'ShoeStarted', 'HandOpened', 'ShoeRetired'],
  tables: ['shoes'],
  async apply(trx, event: RecordedEvent) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    let batch = batches.get(trx);
    if (!batch) batches.set(trx, (batch = new Map()));
    const shoeId = (event.data as { shoeId: string }).shoeId;
    const shoe = batch.get(shoeId);
    if (shoe) shoe.events.push(event);
    else batch.set(shoeId, { playerId, events: [event] });
  },

  async flush(trx, memory) {
    const batch = batches.get(trx);
    batches.delete(trx);
    if (!batch?.size) return;
    // Shoes committed in this batch need no read, nor those an earlier batch wrote and is remembered.
    const byId = new Map<string, Row>();
    const unseen: string[] = [];
    for (const [shoeId, shoe] of batch) {
      const known = memory.get<Row>(shoeId);
      if (known) byId.set(shoeId, known);
      else if (shoe.events[0]!.type !== 'ShoeCommitted') unseen.push(shoeId);
    }
    const stored = unseen.length ? await trx.selectFrom('shoes').selectAll().where('id', 'in', unseen).execute() : [];
    for (const r of stored) {
      byId.set(r.id, { ...r, created_time: new Date(r.created_time).toISOString(), retired_time: r.retired_time ? new Date(r.retired_time).toISOString() : null });
    }
    const rows: Row[] = [];
    for (const [shoeId, { playerId, events }] of batch) {
      const before = byId.get(shoeId);
      const after = events.reduce<Row | undefined>((row, e) => fold(row, e, playerId), before);
      if (after && after !== before) rows.push(after);
    }
    if (!rows.length) return;
    for (const row of rows) memory.set(row.id, row);
    await trx
      .insertInto('shoes')
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            player_seed: eb.ref('excluded.player_seed'),
            house_seed: eb.ref('excluded.house_seed'),
            hand_count: eb.ref('excluded.hand_count'),
            retired: eb.ref('excluded.retired'),
            retired_early: eb.ref('excluded.retired_early'),
            retired_time: eb.ref('excluded.retired_time'),
            revision: eb.ref('excluded.revision'),
          }))
          .where('shoes.revision', '<', (eb) => eb.ref('excluded.revision')),
      )
      .execute();
  },
};
