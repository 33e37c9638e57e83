import type { Hand } from '@bahati/contracts';
import type { Kysely, Selectable } from 'kysely';
import { type HandRecord, HandsReadModel } from '../../application/ports/read-models/hands';
import { handView } from '../../domain/account/game-view';
import type { ReadModels } from '../schema';
import type { HandsTable } from './hands.table';
import { handStateFromStored } from './stored-state';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Reads of the hands read model. */
export class HandsRepository extends HandsReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async hand(id: string): Promise<HandRecord | null> {
    const row = await this.db.selectFrom('hands').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toHandRecord(row) : null;
  }

  async playerOfHandInPlay(id: string): Promise<string | null> {
    const row = await this.db.selectFrom('player_stats').select('player_id').where('active_hand_id', '=', id).executeTakeFirst();
    return row?.player_id ?? null;
  }

  /** Newest first. */
  async handsOf(playerId: string, page = { offset: 0, limit: 500 }): Promise<Hand[]> {
    const rows = await this.db
      .selectFrom('hands')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('phase', '=', 'Settled')
      .orderBy('created_time', 'desc')
      .orderBy('revision', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return rows.map((r) => toHandRecord(r).hand);
  }

  async handCount(playerId: string): Promise<number> {
    const row = await this.db.selectFrom('hands').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).where('phase', '=', 'Settled').executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

function toHandRecord(row: Selectable<HandsTable>): HandRecord {
  const state = handStateFromStored(row.state, row);
  const meta = { handId: row.id, shoeId: row.shoe_id, handNumber: row.hand_number, openedAt: iso(row.created_time)! };
  return { playerId: row.player_id, settled: row.phase === 'Settled', hand: handView(state, meta, 0, iso(row.settled_time)) };
}
