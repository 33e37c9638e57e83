import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { SessionReadModel } from '../../application/ports/read-models';
import { DatabaseToken } from '../../config/tokens';
import type { ReadModels } from '../../projections/schema';
import type { Database } from '../db/database';

/** Reads of the sessions read model: one primary-key lookup per session. */
@Injectable()
export class SessionsRepository extends SessionReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = database.kysely as Kysely<ReadModels>;
  }

  async find(sessionId: string): Promise<{ playerId: string; open: boolean } | null> {
    const row = await this.db.selectFrom('sessions').select(['player_id', 'ended_time']).where('session_id', '=', sessionId).executeTakeFirst();
    return row ? { playerId: row.player_id, open: row.ended_time === null } : null;
  }
}
