import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AddressIndexEvent, assertMayDeposit, BITCOIN_ADDRESSES_STREAM, openInvoiceSats } from '../../domain/account/money';
import { assertDepositRoom } from '../../domain/account/limits';
import { AppConfigToken, type AppConfig, EventStoreToken } from '../../config/tokens';
import type { ChainOutput } from '../ports/money';
import { type EventStore, WrongExpectedRevisionError } from '../ports/event-store';
import { DepositsReadModel, ReadModelProgress } from '../ports/read-models';
import { BonusSettings } from '../bonuses/bonus-settings';
import type { CommandContext } from '../command-path';
import { MoneyServices } from './money-services';
import { AccountCommands } from '../account-commands';
import { Standings } from '../standings';

const SYSTEM: CommandContext = { correlationId: 'deposit-watcher', userId: 'system:deposit-watcher' };

@Injectable()
export class BitcoinDeposits {
  private readonly logger = new Logger('BitcoinDeposits');
  private polling: Promise<number> | null = null;

  constructor(
    private readonly accounts: AccountCommands,
    private readonly projections: ReadModelProgress,
    private readonly standings: Standings,
    private readonly deposits: DepositsReadModel,
    private readonly backends: MoneyServices,
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly bonuses: BonusSettings,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  /** The player's deposit address, derived and assigned on the first call. */
  async address(playerId: string, context: CommandContext): Promise<string> {
    const { standing } = await this.standings.of(playerId);
    assertMayDeposit(standing);
    const deriver = this.backends.addresses;
    const current = await this.accounts.load(playerId);
    const existing = current.state.money.addresses[0];
    if (existing) {
      // The same rule as for a new address: once a deposit limit is used up, the address is not shown.
      const now = new Date().toISOString();
      assertDepositRoom(current.state.limits, now, () => openInvoiceSats(current.state.money, now));
      return existing;
    }
    const derivationIndex = await this.reserveIndex(playerId);
    const outcome = await this.accounts.run(
      playerId,
      (_state, current) => ({ type: 'AssignBitcoinAddress', address: deriver.address(derivationIndex), derivationIndex, standing: current, now: new Date().toISOString() }),
      context,
    );
    await this.projections.waitFor(outcome.checkpoint);
    return outcome.state.money.addresses[0]!;
  }

  /** The next unused derivation index: the revision of the event that reserves it in `bitcoin-addresses`. */
  private async reserveIndex(playerId: string): Promise<number> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const [last] = await this.store.readStream(BITCOIN_ADDRESSES_STREAM, { direction: 'backwards', maxCount: 1 });
      const derivationIndex = last ? last.revision + 1 : 0;
      const event: AddressIndexEvent = { type: 'BitcoinAddressIndexReserved', data: { derivationIndex, playerId, reservedAt: new Date().toISOString() } };
      try {
        await this.store.appendToStream(BITCOIN_ADDRESSES_STREAM, [{ id: randomUUID(), ...event, metadata: { correlationId: 'address-index', userId: playerId } }], {
          expectedRevision: last ? last.revision : 'no_stream',
        });
        return derivationIndex;
      } catch (err) {
        if (!(err instanceof WrongExpectedRevisionError)) throw err;
      }
    }
    throw new Error('Could not reserve a derivation index: too much contention');
  }

  /** Asks the chain source about every deposit address and records what it sees; runs one poll at a time. */
  poll(): Promise<number> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = null));
    return this.polling;
  }

  private async pollOnce(): Promise<number> {
    const chain = this.backends.chain;
    if (!chain) return 0;
    const owners = await this.deposits.addressOwners();
    if (!owners.size) return 0;
    const outputs = await chain.outputsTo([...owners.keys()]);
    const credited = await this.deposits.creditedOutputs();
    let recorded = 0;
    for (const output of outputs) {
      if (credited.has(`${output.txid}:${output.vout}`)) continue;
      const playerId = owners.get(output.address);
      if (!playerId) continue;
      try {
        recorded += await this.record(playerId, output, SYSTEM);
      } catch (err) {
        this.logger.error(`Deposit ${output.txid}:${output.vout}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return recorded;
  }

  /** Records one output as seen now; the account credits each `txid:vout` once, however often it is reported. */
  async record(playerId: string, output: ChainOutput, context: CommandContext): Promise<number> {
    const outcome = await this.accounts.run(
      playerId,
      { type: 'RecordBitcoinDeposit', ...output, requiredConfirmations: this.config.bitcoin.confirmations, bonus: this.bonuses.terms(), maxBank: this.config.maxBankSats, now: new Date().toISOString() },
      context,
    );
    await this.projections.waitFor(outcome.checkpoint);
    return outcome.events.length;
  }
}
