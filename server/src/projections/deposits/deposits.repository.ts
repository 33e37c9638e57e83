import type { Deposit } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import { DepositsReadModel } from '../../application/ports/read-models/deposits';
import type { ReadModels } from '../schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Reads of the deposits read model (deposit addresses, Bitcoin deposits). */
export class DepositsRepository extends DepositsReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async deposits(playerId: string): Promise<Deposit[]> {
    const rows = await this.db.selectFrom('bitcoin_deposits').selectAll().where('player_id', '=', playerId).orderBy('time', 'desc').orderBy('id').execute();
    return rows.map((r) => ({
      time: iso(r.time)!, depositAmount: Number(r.amount), status: r.status, transactionId: r.txid, vout: r.vout, address: r.address, confirmations: r.confirmations,
    }));
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

  async creditedOutputs(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('bitcoin_deposits').select('id').where('status', '=', 'Deposited').execute();
    return new Set(rows.map((r) => r.id));
  }
}
