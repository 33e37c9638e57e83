import type { Kysely } from 'kysely';
import { type HeldDepositRow, HeldDepositsReadModel } from '../../application/ports/read-models/held-deposits';
import type { ReadModels } from '../schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const OPEN = new Set(['Held', 'Refunding', 'RefundFailed']);

/** Reads of the held deposits read model, with each player's e-mail and bank now. */
export class HeldDepositsRepository extends HeldDepositsReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async heldDeposits(): Promise<HeldDepositRow[]> {
    const rows = await this.db
      .selectFrom('held_deposits as h')
      .leftJoin('players as p', 'p.id', 'h.player_id')
      .leftJoin('banks as b', 'b.player_id', 'h.player_id')
      .select(['h.method', 'h.deposit_id', 'h.player_id', 'p.email', 'h.amount', 'b.bank', 'h.held_time', 'h.status', 'h.reason', 'h.target', 'h.reference', 'h.failure', 'h.decided_time'])
      .orderBy('h.held_time')
      .orderBy('h.key')
      .execute();
    const views = rows.map(
      (r): HeldDepositRow => ({
        method: r.method, id: r.deposit_id, playerId: r.player_id, email: r.email ?? null, amount: Number(r.amount), bank: Number(r.bank ?? 0),
        time: iso(r.held_time)!, status: r.status, reason: r.reason, target: r.target, reference: r.reference, failure: r.failure, decidedAt: iso(r.decided_time),
      }),
    );
    const open = views.filter((v) => OPEN.has(v.status));
    const done = views.filter((v) => !OPEN.has(v.status)).sort((a, b) => (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''));
    return [...open, ...done];
  }
}
