import { Inject, Injectable } from '@nestjs/common';
import type { Hand, LedgerEntry, LedgerType, Shoe } from '@bahati/contracts';
import type { Kysely, Selectable } from 'kysely';
import { handView, shoeView } from '../../domain/account/game-view';
import type { HandState } from '../../domain/hand/hand';
import { DatabaseToken } from '../../config/tokens';
import type { HandsTable, ReadModels, ShoesTable } from '../../projections/schema';
import { GameReadModel, type HandRecord } from '../../application/ports/read-models';
import type { Database } from '../db/database';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());


/** Reads of the hands, shoes, player statistics and ledger read models. */
@Injectable()
export class GameRepository extends GameReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = database.kysely as Kysely<ReadModels>;
  }

  async hand(id: string): Promise<HandRecord | null> {
    const row = await this.db.selectFrom('hands').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toHandRecord(row) : null;
  }

  /** Newest first. */
  async handsOf(playerId: string, page = { offset: 0, limit: 500 }): Promise<Hand[]> {
    const rows = await this.db
      .selectFrom('hands')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('created_time', 'desc')
      .orderBy('revision', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return rows.map((r) => toHandRecord(r).hand);
  }

  async handCount(playerId: string): Promise<number> {
    const row = await this.db.selectFrom('hands').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async shoe(id: string): Promise<{ playerId: string; shoe: Shoe } | null> {
    const row = await this.db.selectFrom('shoes').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { playerId: row.player_id, shoe: toShoe(row) } : null;
  }

  async stats(playerId: string) {
    return (await this.db.selectFrom('player_stats').selectAll().where('player_id', '=', playerId).executeTakeFirst()) ?? null;
  }

  /** Ledger lines of [fromUtc, toUtc), in the order they happened. */
  async ledger(playerId: string, fromUtc: Date, toUtc: Date): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('created_time', '>=', fromUtc)
      .where('created_time', '<', toUtc)
      .orderBy('created_time')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      type: r.type as LedgerType,
      createdTime: iso(r.created_time)!,
      handId: r.hand_id,
      reference: r.reference,
      amount: Number(r.amount),
    }));
  }
}

function toHandRecord(row: Selectable<HandsTable>): HandRecord {
  const state = row.state as HandState;
  const meta = { handId: row.id, shoeId: row.shoe_id, handNumber: row.hand_number, openedAt: iso(row.created_time)! };
  return { playerId: row.player_id, settled: row.phase === 'Settled', hand: handView(state, meta, 0, iso(row.settled_time)) };
}

function toShoe(row: Selectable<ShoesTable>): Shoe {
  return shoeView({
    id: row.id,
    playerSeed: row.player_seed,
    houseSeed: row.retired ? row.house_seed : null,
    houseSeedHash: row.house_seed_hash,
    handCount: row.hand_count,
    retired: row.retired,
    retiredEarly: row.retired_early,
    createdTime: iso(row.created_time)!,
    retiredTime: iso(row.retired_time),
  });
}
