import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { type Deposit, type HeldDeposit, type LightningInvoice, withdrawStatusCode, type WithdrawRequestView } from '@bahati/contracts';
import { MoneyReadModel } from '../../application/ports/read-models';
import type { Database } from '../db/database';
import { DatabaseToken } from '../../config/tokens';
import type { ReadModels, WithdrawRequestsTable } from '../../projections/schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type WithdrawRow = { [K in keyof WithdrawRequestsTable]: K extends 'paid' ? boolean : K extends 'payout' ? 'None' | 'Paying' | 'Failed' | 'Paid' : WithdrawRequestsTable[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : WithdrawRequestsTable[K] } & {
  email: string | null;
};

/** Reads of the money read models (deposits, invoices, withdrawal requests, deposit addresses). */
@Injectable()
export class MoneyRepository extends MoneyReadModel {
  private readonly db: Kysely<ReadModels>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = database.kysely as Kysely<ReadModels>;
  }

  async deposits(playerId: string): Promise<Deposit[]> {
    const rows = await this.db.selectFrom('bitcoin_deposits').selectAll().where('player_id', '=', playerId).orderBy('time', 'desc').orderBy('id').execute();
    return rows.map((r) => ({
      time: iso(r.time)!, depositAmount: Number(r.amount), status: r.status, transactionId: r.txid, vout: r.vout, address: r.address, confirmations: r.confirmations,
    }));
  }

  async invoices(playerId: string): Promise<LightningInvoice[]> {
    const rows = await this.db.selectFrom('lightning_invoices').selectAll().where('player_id', '=', playerId).orderBy('created_time', 'desc').execute();
    return rows.map((r) => this.invoiceView(r));
  }

  async invoice(id: string) {
    const r = await this.db.selectFrom('lightning_invoices').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? { playerId: r.player_id, ...this.invoiceView(r) } : null;
  }

  private invoiceView(r: { id: string; created_time: Date; amount: number; status: LightningInvoice['status']; payment_request: string; expires_at: Date; settled_time: Date | null }): LightningInvoice {
    return {
      id: r.id, createdTime: iso(r.created_time)!, amount: Number(r.amount), status: r.status, paymentRequest: r.payment_request,
      expiresAt: iso(r.expires_at)!, settledTime: iso(r.settled_time),
    };
  }

  /** Open invoices whose expiry has passed (to cancel), or all open ones (to reconcile with the node). */
  async openInvoices(expiredBefore?: Date, limit = 500): Promise<{ id: string; playerId: string }[]> {
    let q = this.db.selectFrom('lightning_invoices').select(['id', 'player_id']).where('status', '=', 'Opened');
    if (expiredBefore) q = q.where('expires_at', '<=', expiredBefore);
    const rows = await q.orderBy('expires_at').limit(limit).execute();
    return rows.map((r) => ({ id: r.id, playerId: r.player_id }));
  }

  async addressOwners(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('bitcoin_addresses').select(['address', 'player_id']).execute();
    return new Map(rows.map((r) => [r.address, r.player_id]));
  }

  async isDepositAddress(address: string): Promise<boolean> {
    // Deposit addresses are written as bech32 (lower case); the same address may be typed in upper case.
    const row = await this.db.selectFrom('bitcoin_addresses').select('address').where('address', '=', address.toLowerCase()).executeTakeFirst();
    return row !== undefined;
  }

  async isOwnInvoice(paymentHash: string): Promise<boolean> {
    // An invoice's id is its payment hash (the primary key).
    const row = await this.db.selectFrom('lightning_invoices').select('id').where('id', '=', paymentHash.toLowerCase()).executeTakeFirst();
    return row !== undefined;
  }

  async creditedOutputs(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('bitcoin_deposits').select('id').where('status', '=', 'Deposited').execute();
    return new Set(rows.map((r) => r.id));
  }

  async withdrawRequests(filter: { playerId?: string; id?: string } = {}): Promise<WithdrawRequestView[]> {
    let q = this.db
      .selectFrom('withdraw_requests as w')
      .leftJoin('players as p', 'p.id', 'w.player_id')
      .selectAll('w')
      .select('p.email as email');
    if (filter.playerId) q = q.where('w.player_id', '=', filter.playerId);
    if (filter.id) q = q.where('w.id', '=', filter.id);
    const rows = (await q.orderBy('w.request_time', 'desc').orderBy('w.id').limit(1000).execute()) as WithdrawRow[];
    return rows.map((r) => ({
      id: r.id, requestTime: iso(r.request_time)!, amount: Number(r.amount), playerId: r.player_id, email: r.email, method: r.method,
      status: r.status, statusCode: withdrawStatusCode(r.status), reference: r.reference, reviewerId: r.reviewer_id,
      decisionTime: iso(r.decision_time), targetAddress: r.target, paid: r.paid,
      payout: r.payout, payoutError: r.payout_error, payoutTime: iso(r.payout_time),
    }));
  }

  async withdrawalOwner(id: string): Promise<string | null> {
    const r = await this.db.selectFrom('withdraw_requests').select('player_id').where('id', '=', id).executeTakeFirst();
    return r?.player_id ?? null;
  }

  async heldDeposits(): Promise<HeldDeposit[]> {
    const [outputs, invoices] = await Promise.all([
      this.db
        .selectFrom('bitcoin_deposits as d')
        .leftJoin('players as p', 'p.id', 'd.player_id')
        .leftJoin('banks as b', 'b.player_id', 'd.player_id')
        .select(['d.id', 'd.player_id', 'p.email', 'd.amount', 'b.bank', 'd.time'])
        .where('d.status', '=', 'Held')
        .execute(),
      this.db
        .selectFrom('lightning_invoices as i')
        .leftJoin('players as p', 'p.id', 'i.player_id')
        .leftJoin('banks as b', 'b.player_id', 'i.player_id')
        .select(['i.id', 'i.player_id', 'p.email', 'i.amount', 'b.bank', 'i.created_time as time'])
        .where('i.status', '=', 'Held')
        .execute(),
    ]);
    const view = (method: HeldDeposit['method']) => (r: (typeof outputs)[number]): HeldDeposit => ({
      method, id: r.id, playerId: r.player_id, email: r.email ?? null, amount: Number(r.amount), bank: Number(r.bank ?? 0), time: iso(r.time)!,
    });
    return [...outputs.map(view('bitcoin')), ...invoices.map(view('lightning'))].sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id));
  }
}
