import type { Kysely } from 'kysely';
import { type LiabilityCommitmentRow, LiabilitiesReadModel } from '../../application/ports/read-models/liabilities';
import type { PlayerBalance } from '../../domain/liabilities/merkle-sum';
import type { ReadModels } from '../schema';

type CommitmentRow = { id: string; position: string | null; root_hash: string; total: number | string; players: number; committed_at: Date | string };

const view = (r: CommitmentRow): LiabilityCommitmentRow => ({
  id: r.id, position: r.position, rootHash: r.root_hash, total: Number(r.total), players: r.players, committedAt: new Date(r.committed_at).toISOString(),
});

/** Reads of the liabilities read model, and the banks with the bank projection's checkpoint in one snapshot. */
export class LiabilitiesRepository extends LiabilitiesReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async commitments(limit: number): Promise<LiabilityCommitmentRow[]> {
    const rows = await this.db.selectFrom('liability_commitments').select(['id', 'position', 'root_hash', 'total', 'players', 'committed_at']).orderBy('committed_at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map(view);
  }

  async commitment(id: string): Promise<LiabilityCommitmentRow | null> {
    const row = await this.db.selectFrom('liability_commitments').select(['id', 'position', 'root_hash', 'total', 'players', 'committed_at']).where('id', '=', id).executeTakeFirst();
    return row ? view(row) : null;
  }

  async balances(commitmentId: string): Promise<PlayerBalance[]> {
    const rows = await this.db.selectFrom('liability_balances').select(['player_id', 'balance', 'salt_a', 'salt_z']).where('commitment_id', '=', commitmentId).execute();
    return rows.map((r) => ({ playerId: r.player_id, balance: Number(r.balance), salts: [r.salt_a, r.salt_z] as const }));
  }

  async banksNow(): Promise<{ position: string | null; banks: { playerId: string; balance: number }[] }> {
    // One snapshot: the banks are exactly as the bank projection's checkpoint left them (its batches commit with the checkpoint).
    return this.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      const checkpoint = await trx.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', 'bank').executeTakeFirst();
      const banks = await trx.selectFrom('banks').select(['player_id', 'bank']).where('bank', '>', 0).orderBy('player_id').execute();
      return { position: checkpoint?.checkpoint ?? null, banks: banks.map((b) => ({ playerId: b.player_id, balance: Number(b.bank) })) };
    });
  }
}
