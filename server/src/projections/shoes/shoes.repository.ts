import type { Shoe } from '@bahati/contracts';
import type { Kysely, Selectable } from 'kysely';
import { ShoesReadModel } from '../../application/ports/read-models/shoes';
import { shoeView } from '../../domain/account/game-view';
import type { ReadModels } from '../schema';
import type { ShoesTable } from './shoes.table';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Reads of the shoes read model. */
export class ShoesRepository extends ShoesReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async shoe(id: string): Promise<{ playerId: string; shoe: Shoe } | null> {
    const row = await this.db.selectFrom('shoes').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { playerId: row.player_id, shoe: toShoe(row) } : null;
  }
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
