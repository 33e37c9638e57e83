import type { Kysely } from 'kysely';
import { SessionReadModel } from '../../application/ports/read-models/sessions';
import type { ReadModels } from '../schema';

/** Reads of the sessions read model: one primary-key lookup per session. */
export class SessionsRepository extends SessionReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async find(sessionId: string): Promise<{ playerId: string; open: boolean } | null> {
    const row = await this.db.selectFrom('sessions').select(['player_id', 'ended_time']).where('session_id', '=', sessionId).executeTakeFirst();
    return row ? { playerId: row.player_id, open: row.ended_time === null } : null;
  }
}
