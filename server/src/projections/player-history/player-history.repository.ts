import type { Kysely } from 'kysely';
import type { PlayerSessionView, ProtectionChangeView } from '@bahati/contracts';
import type { Page } from '../../application/ports/read-models/page';
import { PlayerHistoryReadModel } from '../../application/ports/read-models/player-history';
import type { ReadModels } from '../schema';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Reads of a player's sessions and protection changes, newest first. */
export class PlayerHistoryRepository extends PlayerHistoryReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async sessions(playerId: string, limit: number): Promise<Page<PlayerSessionView>> {
    const mine = this.db.selectFrom('session_history').where('player_id', '=', playerId);
    const [rows, count] = await Promise.all([
      mine.selectAll().orderBy('started_at', 'desc').orderBy('started_revision', 'desc').limit(limit).execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        sessionId: r.session_id, startedAt: iso(r.started_at), expiresAt: iso(r.expires_at), endedAt: r.ended_at === null ? null : iso(r.ended_at), endReason: r.end_reason, address: r.address,
      })),
    };
  }

  async protectionChanges(playerId: string, limit: number): Promise<Page<ProtectionChangeView>> {
    const mine = this.db.selectFrom('protection_changes').where('player_id', '=', playerId);
    const [rows, count] = await Promise.all([
      mine.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      items: rows.map((r) => ({ id: r.id, at: iso(r.at), kind: r.kind, value: r.value === null ? null : Number(r.value), effectiveAt: r.effective_at === null ? null : iso(r.effective_at) })),
    };
  }
}
