import type { Kysely } from 'kysely';
import { BankReadModel } from '../../application/ports/read-models/bank';
import type { ReadModels } from '../schema';

/** Reads of the bank read model. */
export class BankRepository extends BankReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async bank(playerId: string): Promise<number> {
    const row = await this.db.selectFrom('banks').select('bank').where('player_id', '=', playerId).executeTakeFirst();
    return row ? Number(row.bank) : 0;
  }
}
