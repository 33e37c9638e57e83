import { Injectable, Logger } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ReservesView } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { MoneyServices } from '../money/money-services';
import { DepositsReadModel, LiabilitiesReadModel } from '../ports/read-models';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The reserves a watch-only server can see, beside what the site owes: the confirmed unspent outputs of every
 * deposit address (the chain port) and the Lightning node's channels and wallet (the node port), the newest
 * liabilities commitment and every bank now. A source that cannot be read is reported in words, never as 0 silently.
 */
@Injectable()
export class Reserves {
  private readonly logger = new Logger('Reserves');

  constructor(
    private readonly money: MoneyServices,
    private readonly deposits: DepositsReadModel,
    private readonly liabilities: LiabilitiesReadModel,
  ) {}

  async now(checkedAt = new Date()): Promise<ReservesView> {
    const errors: string[] = [];
    const addresses = [...(await this.deposits.addressOwners()).keys()];
    const onChain = { confirmed: 0, outputs: 0, addresses: addresses.length, source: this.money.chain?.kind ?? 'none' };
    if (!this.money.chain) errors.push('No chain source is configured (BITCOIN_RPC_URL or ESPLORA_URL): the deposit addresses were not read.');
    else {
      try {
        const unspent = (await this.money.chain.unspentTo(addresses)).filter((o) => o.confirmations >= 1);
        onChain.confirmed = unspent.reduce((sum, o) => sum + o.amount, 0);
        onChain.outputs = unspent.length;
      } catch (err) {
        this.logger.warn(`The chain source could not be read: ${reason(err)}`);
        errors.push(`The chain source (${onChain.source}) could not be read: ${reason(err)}`);
      }
    }
    let lightning: ReservesView['lightning'] = null;
    if (!this.money.hasLightning) errors.push('No Lightning node is configured (LND_*).');
    else {
      const node = this.money.lightning;
      try {
        lightning = { ...(await node.balances()), source: node.kind };
      } catch (err) {
        this.logger.warn(`The Lightning node could not be read: ${reason(err)}`);
        errors.push(`The Lightning node (${node.kind}) could not be read: ${reason(err)}`);
      }
    }
    const [[latest], { banks }] = await Promise.all([this.liabilities.commitments(1), this.liabilities.banksNow()]);
    const total = onChain.confirmed + (lightning ? lightning.channels + lightning.wallet : 0);
    return {
      checkedAt: checkedAt.toISOString(),
      onChain,
      lightning,
      total,
      liabilities: latest ? { id: latest.id, rootHash: latest.rootHash, total: latest.total, players: latest.players, position: latest.position, committedAt: latest.committedAt } : null,
      banksNow: banks.reduce((sum, b) => sum + b.balance, 0),
      ratio: latest && latest.total > 0 ? total / latest.total : null,
      errors,
    };
  }
}

/** The reserves beside the liabilities (admins). */
export class GetReservesQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetReservesQuery)
export class GetReservesHandler implements IQueryHandler<GetReservesQuery, ReservesView> {
  constructor(private readonly reserves: Reserves) {}
  execute({ actor }: GetReservesQuery) {
    assertAdmin(actor);
    return this.reserves.now();
  }
}

export const reservesHandlers = [Reserves, GetReservesHandler];
