import type { SuspectAction, SuspectReason, SuspectRecordView } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import type { Page } from '../../application/ports/read-models/page';
import { SuspectReadModel } from '../../application/ports/read-models/suspect';
import type { ReadModels } from '../schema';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Reads of the suspect read model: a player's level and records. */
export class SuspectRepository extends SuspectReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async suspectLevel(playerId: string): Promise<number> {
    const row = await this.db.selectFrom('suspect_players').select('suspect_level').where('player_id', '=', playerId).executeTakeFirst();
    return row?.suspect_level ?? 0;
  }

  async suspectRecords(playerId: string, offset: number, limit: number): Promise<Page<SuspectRecordView>> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom('suspect_records').selectAll().where('player_id', '=', playerId).orderBy('seq', 'desc').offset(offset).limit(limit).execute(),
      this.db.selectFrom('suspect_records').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).executeTakeFirst(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((r) => ({
        id: r.id, time: iso(r.time), handId: r.hand_id, playerHandValue: r.player_hand_value, dealerHandValue: r.dealer_hand_value,
        expectedAction: r.expected_action as SuspectAction | null, actualAction: r.actual_action as SuspectAction | null, suspectChange: r.suspect_change,
        reason: r.reason as SuspectReason, adminId: r.admin_id,
      })),
    };
  }
}
