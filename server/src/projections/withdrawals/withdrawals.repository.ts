import { withdrawStatusCode, type WithdrawRequestView } from '@bahati/contracts';
import { type Kysely, sql } from 'kysely';
import { WithdrawalsReadModel } from '../../application/ports/read-models/withdrawals';
import type { ReadModels } from '../schema';
import type { WithdrawRequestsTable } from './withdrawals.table';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type WithdrawRow = { [K in keyof WithdrawRequestsTable]: K extends 'paid' ? boolean : K extends 'payout' ? 'None' | 'Paying' | 'Failed' | 'Paid' : WithdrawRequestsTable[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : WithdrawRequestsTable[K] } & {
  email: string | null;
  first_reviewer_email: string | null;
};

/** Reads of the withdraw-requests read model (with the player's e-mail). */
export class WithdrawalsRepository extends WithdrawalsReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async withdrawRequests(filter: { playerId?: string; id?: string } = {}): Promise<WithdrawRequestView[]> {
    let q = this.db
      .selectFrom('withdraw_requests as w')
      .leftJoin('players as p', 'p.id', 'w.player_id')
      // Reviewer ids are kept as text (a staff member is named as the events name them); players' ids are uuids.
      .leftJoin('players as first', (join) => join.on(sql<boolean>`${sql.ref('first.id')}::text = ${sql.ref('w.first_reviewer_id')}`))
      .selectAll('w')
      .select(['p.email as email', 'first.email as first_reviewer_email']);
    if (filter.playerId) q = q.where('w.player_id', '=', filter.playerId);
    if (filter.id) q = q.where('w.id', '=', filter.id);
    const rows = (await q.orderBy('w.request_time', 'desc').orderBy('w.id').limit(1000).execute()) as WithdrawRow[];
    return rows.map((r) => ({
      id: r.id, requestTime: iso(r.request_time)!, amount: Number(r.amount), playerId: r.player_id, email: r.email, method: r.method,
      status: r.status, statusCode: withdrawStatusCode(r.status), reference: r.reference, reviewerId: r.reviewer_id,
      decisionTime: iso(r.decision_time), targetAddress: r.target, paid: r.paid,
      payout: r.payout, payoutError: r.payout_error, payoutTime: iso(r.payout_time),
      firstApproval: r.first_reviewer_id
        ? { reviewerId: r.first_reviewer_id, email: r.first_reviewer_email, time: iso(r.first_approval_time)!, reason: r.first_approval_reason }
        : null,
      decisionReason: r.decision_reason,
    }));
  }

  async withdrawalOwner(id: string): Promise<string | null> {
    const r = await this.db.selectFrom('withdraw_requests').select('player_id').where('id', '=', id).executeTakeFirst();
    return r?.player_id ?? null;
  }
}
