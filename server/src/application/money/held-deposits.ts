import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { HeldDeposit } from '@bahati/contracts';
import { type AccountState } from '../../domain/account/account';
import { heldKey, paymentRequestDecider, paymentRequestStream } from '../../domain/account/money';
import { DomainError } from '../../domain/decider';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { type Actor, assertAdmin } from '../actor';
import { AccountCommands } from '../account-commands';
import { BonusSettings } from '../bonuses/bonus-settings';
import { type CommandContext, CommandPath } from '../command-path';
import { NotFoundError } from '../errors';
import { DepositsReadModel, HeldDepositsReadModel, InvoicesReadModel, ReadModelProgress } from '../ports/read-models';
import { MoneyServices } from './money-services';

type Method = 'bitcoin' | 'lightning';

/** Deposits held for review (they would have taken a bank past MAX_BANK_SATS) and their outcome (admins). */
export class ListHeldDepositsQuery {
  constructor(readonly actor: Actor) {}
}

/**
 * An admin lets a held deposit in, with a reason: it is credited as it would have been when paid. Past the limit only
 * with `confirmPastLimit`. Answers the held deposits.
 */
export class ReleaseHeldDepositCommand {
  constructor(
    readonly actor: Actor,
    readonly playerId: string,
    readonly method: Method,
    readonly id: string,
    readonly reason: string,
    readonly confirmPastLimit: boolean,
    readonly correlationId: string,
  ) {}
}

/** An admin sends a held deposit back to `target`, with a reason; it is then never credited. Answers the held deposits. */
export class RefundHeldDepositCommand {
  constructor(
    readonly actor: Actor,
    readonly playerId: string,
    readonly method: Method,
    readonly id: string,
    readonly target: string,
    readonly reason: string,
    readonly correlationId: string,
  ) {}
}

/** An admin pays again a refund whose payout failed. Answers the held deposits. */
export class RetryHeldDepositRefundCommand {
  constructor(
    readonly actor: Actor,
    readonly playerId: string,
    readonly method: Method,
    readonly id: string,
    readonly correlationId: string,
  ) {}
}

/** A refund's payout claim older than this is taken to be from a payer that died before recording its result. */
const REFUND_CLAIM_STALE_MS = 10 * 60 * 1000;

/**
 * Refunds of held deposits: the target checked as a withdrawal's is, the refund recorded on the account, then paid
 * through the node like a withdrawal's payout (claimed, sent with the deposit as idempotency key, recorded or failed).
 * A double click or a retry never pays twice.
 */
@Injectable()
export class HeldDepositRefunds {
  private readonly logger = new Logger('HeldDepositRefunds');
  /** One payout at a time per held deposit in this process; the claim and the node's own record guard across processes. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly accounts: AccountCommands,
    private readonly commands: CommandPath,
    private readonly progress: ReadModelProgress,
    private readonly deposits: DepositsReadModel,
    private readonly invoices: InvoicesReadModel,
    private readonly backends: MoneyServices,
  ) {}

  async refund(reviewerId: string, playerId: string, method: Method, id: string, target: string, reason: string, context: CommandContext): Promise<void> {
    const key = heldKey(method, id);
    const running = this.running.get(key);
    if (running) return running;
    const work = this.requestAndPay(reviewerId, playerId, method, id, target.trim(), reason, context).finally(() => this.running.delete(key));
    this.running.set(key, work);
    return work;
  }

  async retry(reviewerId: string, playerId: string, method: Method, id: string, context: CommandContext): Promise<void> {
    const key = heldKey(method, id);
    const running = this.running.get(key);
    if (running) return running;
    const work = this.accounts
      .load(playerId)
      .then(({ state }) => this.pay(reviewerId, playerId, method, id, state, context))
      .finally(() => this.running.delete(key));
    this.running.set(key, work);
    return work;
  }

  private async requestAndPay(reviewerId: string, playerId: string, method: Method, id: string, target: string, reason: string, context: CommandContext): Promise<void> {
    const { state } = await this.accounts.load(playerId);
    const held = method === 'lightning' ? state.money.invoices.get(id) : state.money.deposits.get(id);
    if (!held) throw new NotFoundError('NotFound', 'No such deposit on this account.');
    const paymentHash = await this.checkTarget(method, target, held.amount);
    const refundId = `refund:${heldKey(method, id)}`;
    const now = new Date().toISOString();
    // A payment request pays once across every withdrawal and refund.
    if (paymentHash) await this.commands.handle(paymentRequestStream(paymentHash), paymentRequestDecider, { type: 'ClaimPaymentRequest', paymentHash, withdrawalId: refundId, playerId, now }, context);
    let requested;
    try {
      requested = await this.accounts.run(playerId, { type: 'RequestHeldDepositRefund', method, id, target, reviewerId, reason, now }, context);
    } catch (err) {
      if (paymentHash) {
        await this.commands
          .handle(paymentRequestStream(paymentHash), paymentRequestDecider, { type: 'ReleasePaymentRequest', paymentHash, withdrawalId: refundId, now: new Date().toISOString() }, context)
          .catch((e) => this.logger.error(`Could not release payment request ${paymentHash}: ${String(e)}`));
      }
      throw err;
    }
    await this.pay(reviewerId, playerId, method, id, requested.state, context);
  }

  /** The destination checked as a withdrawal's: of the server's network, and none of our own deposit addresses or invoices. */
  private async checkTarget(method: Method, target: string, amount: number): Promise<string | null> {
    if (method === 'bitcoin') {
      this.backends.targets.checkAddress(target);
      if (await this.deposits.isDepositAddress(target)) throw new DomainError('InvalidAddress', 'That address is one of our deposit addresses: return the deposit to a wallet of the player.');
      return null;
    }
    const { paymentHash } = this.backends.targets.checkPaymentRequest(target, amount, new Date());
    if (await this.invoices.isOwnInvoice(paymentHash)) {
      throw new DomainError('InvalidPaymentRequest', 'That payment request is one of our own deposit invoices: return the deposit to a wallet of the player.');
    }
    return paymentHash;
  }

  private async pay(reviewerId: string, playerId: string, method: Method, id: string, state: AccountState, context: CommandContext): Promise<void> {
    const refund = state.money.refunds.get(heldKey(method, id));
    if (!refund) throw new NotFoundError('NotFound', 'No refund of this deposit was asked for.');
    if (refund.paid) return;
    const started = await this.accounts.run(
      playerId,
      { type: 'StartHeldDepositRefund', method, id, startedBy: reviewerId, now: new Date().toISOString(), staleAfterMs: REFUND_CLAIM_STALE_MS },
      context,
    );
    let reference: string;
    try {
      const node = this.backends.lightning;
      const idempotencyKey = `refund:${heldKey(method, id)}`;
      reference = (method === 'lightning' ? await node.pay(refund.target, refund.amount, idempotencyKey) : await node.sendOnChain(refund.target, refund.amount, idempotencyKey)).reference;
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'node error';
      const failed = await this.accounts.run(playerId, { type: 'FailHeldDepositRefund', method, id, reason, now: new Date().toISOString() }, context);
      await this.progress.waitFor(failed.checkpoint ?? started.checkpoint);
      this.logger.error(`Refund of held deposit ${method} ${id} failed: ${reason}`);
      throw new DomainError('PayoutFailed', `The refund is recorded but its payout failed (${reason}); retry it — it is never paid twice.`);
    }
    const paid = await this.accounts.run(playerId, { type: 'RecordHeldDepositRefund', method, id, reference, now: new Date().toISOString() }, context);
    await this.progress.waitFor(paid.checkpoint);
  }
}

/** The held deposits with the limit each is weighed against (the server's MAX_BANK_SATS). */
async function heldDepositsView(readModel: HeldDepositsReadModel, config: AppConfig): Promise<HeldDeposit[]> {
  return (await readModel.heldDeposits()).map((row) => ({ ...row, maxBank: config.maxBankSats }));
}

@QueryHandler(ListHeldDepositsQuery)
export class ListHeldDepositsHandler implements IQueryHandler<ListHeldDepositsQuery, HeldDeposit[]> {
  constructor(
    private readonly held: HeldDepositsReadModel,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}
  execute({ actor }: ListHeldDepositsQuery) {
    assertAdmin(actor);
    return heldDepositsView(this.held, this.config);
  }
}

@CommandHandler(ReleaseHeldDepositCommand)
export class ReleaseHeldDepositHandler implements ICommandHandler<ReleaseHeldDepositCommand, HeldDeposit[]> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly progress: ReadModelProgress,
    private readonly held: HeldDepositsReadModel,
    private readonly bonuses: BonusSettings,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute(c: ReleaseHeldDepositCommand): Promise<HeldDeposit[]> {
    assertAdmin(c.actor);
    const command = {
      type: 'ReleaseHeldDeposit' as const, method: c.method, id: c.id, reviewerId: c.actor.playerId, reason: c.reason, confirmPastLimit: c.confirmPastLimit,
      maxBank: this.config.maxBankSats, bonus: this.bonuses.terms(), now: new Date().toISOString(),
    };
    const outcome = await this.accounts.run(c.playerId, command, { correlationId: c.correlationId, userId: c.actor.playerId });
    await this.progress.waitFor(outcome.checkpoint);
    return heldDepositsView(this.held, this.config);
  }
}

@CommandHandler(RefundHeldDepositCommand)
export class RefundHeldDepositHandler implements ICommandHandler<RefundHeldDepositCommand, HeldDeposit[]> {
  constructor(
    private readonly refunds: HeldDepositRefunds,
    private readonly held: HeldDepositsReadModel,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute(c: RefundHeldDepositCommand): Promise<HeldDeposit[]> {
    assertAdmin(c.actor);
    await this.refunds.refund(c.actor.playerId, c.playerId, c.method, c.id, c.target, c.reason, { correlationId: c.correlationId, userId: c.actor.playerId });
    return heldDepositsView(this.held, this.config);
  }
}

@CommandHandler(RetryHeldDepositRefundCommand)
export class RetryHeldDepositRefundHandler implements ICommandHandler<RetryHeldDepositRefundCommand, HeldDeposit[]> {
  constructor(
    private readonly refunds: HeldDepositRefunds,
    private readonly held: HeldDepositsReadModel,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute(c: RetryHeldDepositRefundCommand): Promise<HeldDeposit[]> {
    assertAdmin(c.actor);
    await this.refunds.retry(c.actor.playerId, c.playerId, c.method, c.id, { correlationId: c.correlationId, userId: c.actor.playerId });
    return heldDepositsView(this.held, this.config);
  }
}

export const heldDepositHandlers = [HeldDepositRefunds, ListHeldDepositsHandler, ReleaseHeldDepositHandler, RefundHeldDepositHandler, RetryHeldDepositRefundHandler];
