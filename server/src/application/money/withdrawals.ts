import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MIN_BITCOIN_WITHDRAWAL, type WithdrawCancelResponse, type WithdrawRequestView } from '@bahati/contracts';
import { paymentRequestDecider, paymentRequestStream } from '../../domain/account/money';
import { DomainError } from '../../domain/decider';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { type CommandContext, CommandPath } from '../command-path';
import { NotFoundError } from '../errors';
import { keyedId, requestKeyFor } from '../request-keys';
import { DepositsReadModel, InvoicesReadModel, PlayerReadModel, ReadModelProgress, WithdrawalsReadModel } from '../ports/read-models';
import { MoneyServices } from './money-services';
import { AccountCommands } from '../account-commands';
import { Standings } from '../standings';
import { playerWithdrawView } from './withdraw-views';

export interface WithdrawInput {
  amount: number;
  address?: string | null;
  paymentRequest?: string | null;
}

/** The payment hash of a request recorded earlier (read as of time 0, so an expired one still gives it), or null when it does not read as one. */
function decodedPaymentHash(targets: MoneyServices['targets'], paymentRequest: string, amount: number): string | null {
  try {
    return targets.checkPaymentRequest(paymentRequest, amount, new Date(0)).paymentHash;
  } catch {
    return null;
  }
}

/**
 * An approval pays at once, so a Lightning request must still be payable then, with this much time to spare: a
 * payment request that has expired can never be paid, and an approved request can no longer be declined.
 */
const PAYMENT_REQUEST_MARGIN_MS = 60 * 1000;

/** A payout claim older than this is taken to be from a payer that died before recording its result. */
const PAYOUT_CLAIM_STALE_MS = 10 * 60 * 1000;

@Injectable()
export class Withdrawals {
  private readonly logger = new Logger('Withdrawals');
  /** One payout at a time per withdrawal in this process; the node's own record guards across processes. */
  private readonly payouts = new Map<string, Promise<WithdrawRequestView>>();

  constructor(
    private readonly commands: CommandPath,
    private readonly projections: ReadModelProgress,
    private readonly standings: Standings,
    private readonly accounts: AccountCommands,
    private readonly withdrawals: WithdrawalsReadModel,
    private readonly deposits: DepositsReadModel,
    private readonly invoices: InvoicesReadModel,
    private readonly players: PlayerReadModel,
    private readonly backends: MoneyServices,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  /** Records the request and takes the amount from the bank at once; answers the new bank. */
  async request(playerId: string, input: WithdrawInput, idempotencyKey: string | undefined, context: CommandContext): Promise<number> {
    const now = new Date();
    // The same Idempotency-Key (a double click, a retried request) names the same withdrawal, which records once.
    const withdrawalId = keyedId('withdrawal', playerId, idempotencyKey) ?? randomUUID();
    const { standing } = await this.standings.of(playerId);
    let method: 'lightning' | 'bitcoin';
    let target: string;
    let paymentHash: string | null = null;
    if (input.address) {
      method = 'bitcoin';
      target = input.address.trim();
      this.backends.targets.checkAddress(target);
    } else if (input.paymentRequest) {
      method = 'lightning';
      target = input.paymentRequest.trim();
      paymentHash = this.backends.targets.checkPaymentRequest(target, input.amount, now).paymentHash;
    } else {
      throw new DomainError('InvalidAddress', 'Give a Bitcoin address or a Lightning payment request.');
    }
    await this.refusePayingOurselves(method, target, paymentHash);

    const requestKey = requestKeyFor(idempotencyKey, 'withdraw', [method, input.amount, target], withdrawalId);
    const command = {
      type: 'RequestWithdrawal' as const, withdrawalId, method, amount: input.amount, target, standing, requestKey,
      minimumBitcoin: MIN_BITCOIN_WITHDRAWAL, now: now.toISOString(),
    };
    if (paymentHash) {
      await this.commands.handle(paymentRequestStream(paymentHash), paymentRequestDecider, { type: 'ClaimPaymentRequest', paymentHash, withdrawalId, playerId, now: command.now }, context);
    }
    try {
      const outcome = await this.accounts.run(playerId, (_state, current) => ({ ...command, standing: current }), context);
      await this.projections.waitFor(outcome.checkpoint);
      // A repeat is answered as the first request was; a withdrawal recorded before keys were bound, with today's bank.
      return (idempotencyKey === undefined ? undefined : outcome.state.requestKeys.get(idempotencyKey)?.bankAfter) ?? outcome.state.bank;
    } catch (err) {
      if (paymentHash) {
        await this.commands
          .handle(paymentRequestStream(paymentHash), paymentRequestDecider, { type: 'ReleasePaymentRequest', paymentHash, withdrawalId, now: new Date().toISOString() }, context)
          .catch((e) => this.logger.error(`Could not release payment request ${paymentHash}: ${String(e)}`));
      }
      throw err;
    }
  }

  /**
   * The player cancels their own request while it is still in review: refunded at once (`WithdrawalCanceled`,
   * ledger `WithdrawRefund`). Decided on the player's own account, so another player's request is not found
   * (404), and an approval racing it is decided after it on the same stream: exactly one of the two is appended.
   */
  async cancel(playerId: string, id: string, context: CommandContext): Promise<WithdrawCancelResponse> {
    const outcome = await this.accounts.run(playerId, (_state, standing) => ({ type: 'CancelWithdrawal' as const, withdrawalId: id, standing, now: new Date().toISOString() }), context);
    const w = outcome.state.money.withdrawals.get(id)!;
    if (outcome.events.length > 0 && w.method === 'lightning') await this.releasePaymentRequest(w.target, w.amount, id, context);
    await this.projections.waitFor(outcome.checkpoint);
    return { request: playerWithdrawView(await this.view(id)), bank: outcome.state.bank };
  }

  /**
   * A cancelled request's Lightning payment request was never paid, so it may be used again. One that has
   * expired (or cannot be read any more) could not be used again anyway and keeps its claim.
   */
  private async releasePaymentRequest(target: string, amount: number, withdrawalId: string, context: CommandContext): Promise<void> {
    let paymentHash: string;
    try {
      paymentHash = this.backends.targets.checkPaymentRequest(target, amount, new Date()).paymentHash;
    } catch {
      return;
    }
    await this.commands
      .handle(paymentRequestStream(paymentHash), paymentRequestDecider, { type: 'ReleasePaymentRequest', paymentHash, withdrawalId, now: new Date().toISOString() }, context)
      .catch((e) => this.logger.error(`Could not release payment request ${paymentHash}: ${String(e)}`));
  }

  async decline(reviewerId: string, id: string, context: CommandContext, reason?: string): Promise<WithdrawRequestView> {
    const playerId = await this.owner(id);
    // An approved request whose payout failed is declined (and refunded) only if the node made no payout of it.
    const w = (await this.accounts.load(playerId)).state.money.withdrawals.get(id);
    const nodeHasNoPayout = w?.status === 'Approved' && !w.paid ? (await this.backends.lightning.payoutMade(w.method, w.target, id)) === 'notMade' : undefined;
    const outcome = await this.accounts.run(
      playerId,
      { type: 'DeclineWithdrawal', withdrawalId: id, reviewerId, reason, now: new Date().toISOString(), ...(nodeHasNoPayout === undefined ? {} : { nodeHasNoPayout }) },
      context,
    );
    await this.projections.waitFor(outcome.checkpoint);
    return this.view(id);
  }

  /**
   * Approves, then pays out with the withdrawal id as idempotency key, then records the reference. Safe to repeat.
   * A request above the four-eyes amount is only recorded as approved once until a different admin approves it.
   */
  approve(reviewerId: string, id: string, context: CommandContext, reason?: string): Promise<WithdrawRequestView> {
    const running = this.payouts.get(id);
    if (running) return running;
    const work = this.approveAndPay(reviewerId, id, context, reason).finally(() => this.payouts.delete(id));
    this.payouts.set(id, work);
    return work;
  }

  /**
   * A withdrawal to one of our own deposit addresses or invoices (any player's) would move a bank into another
   * account through the node, outside every rule of the account: refused before review, and again at approval.
   */
  private async refusePayingOurselves(method: 'lightning' | 'bitcoin', target: string, paymentHash: string | null): Promise<void> {
    if (method === 'bitcoin' && (await this.deposits.isDepositAddress(target))) {
      throw new DomainError('InvalidAddress', 'That address is one of our deposit addresses: withdraw to a wallet of your own.');
    }
    if (method === 'lightning' && paymentHash && (await this.invoices.isOwnInvoice(paymentHash))) {
      throw new DomainError('InvalidPaymentRequest', 'That payment request is one of our own deposit invoices: withdraw to a wallet of your own.');
    }
  }

  /**
   * A payment request that has expired, or expires within the margin, cannot be paid: approving it would leave the
   * amount approved and unpayable. The admin declines it instead (the player is refunded and may ask again).
   */
  private refuseExpiring(paymentRequest: string, amount: number): void {
    try {
      this.backends.targets.checkPaymentRequest(paymentRequest, amount, new Date(Date.now() + PAYMENT_REQUEST_MARGIN_MS));
    } catch {
      throw new DomainError(
        'InvalidPaymentRequest',
        'The payment request has expired or expires within a minute, so it can no longer be paid: decline the request to refund the player, who can ask again with a new one.',
        { reason: 'Expired' },
      );
    }
  }

  /**
   * Whether the player's suspect level holds their requests for a written review: read from the suspect read model
   * (an analytic one) once it holds every event stored now, so play just before the request is weighed.
   */
  private async heldForReview(playerId: string): Promise<boolean> {
    await this.projections.caughtUpAll();
    const page = await this.players.players({ q: playerId }, 0, 1);
    const player = page.items.find((p) => p.id === playerId);
    return (player?.suspectLevel ?? 0) >= this.config.withdrawalReview.holdSuspectLevel;
  }

  private async approveAndPay(reviewerId: string, id: string, context: CommandContext, reason: string | undefined): Promise<WithdrawRequestView> {
    const playerId = await this.owner(id);
    const requested = (await this.accounts.load(playerId)).state.money.withdrawals.get(id);
    if (requested && !requested.paid && requested.status === 'Created') {
      let paymentHash: string | null = null;
      if (requested.method === 'lightning') {
        paymentHash = decodedPaymentHash(this.backends.targets, requested.target, requested.amount);
        if (paymentHash) this.refuseExpiring(requested.target, requested.amount);
      }
      await this.refusePayingOurselves(requested.method, requested.target, paymentHash);
    }
    const approval = {
      type: 'ApproveWithdrawal' as const, withdrawalId: id, reviewerId, reason, now: new Date().toISOString(),
      secondApprovalAbove: this.config.withdrawalReview.secondApprovalAbove,
      heldForReview: requested?.status === 'Created' && (await this.heldForReview(playerId)),
    };
    const approved = await this.accounts.run(playerId, approval, context);
    const w = approved.state.money.withdrawals.get(id)!;
    if (w.status === 'Created') {
      // The first of two approvals: recorded, nothing paid until another admin approves.
      await this.projections.waitFor(approved.checkpoint);
    } else if (!w.paid) {
      // Only the approval whose claim is appended pays; a concurrent one (another instance) gets 409.
      await this.accounts.run(playerId, { type: 'StartWithdrawalPayout', withdrawalId: id, startedBy: reviewerId, now: new Date().toISOString(), staleAfterMs: PAYOUT_CLAIM_STALE_MS }, context);
      let reference: string;
      try {
        const node = this.backends.lightning;
        reference = (w.method === 'lightning' ? await node.pay(w.target, w.amount, id) : await node.sendOnChain(w.target, w.amount, id)).reference;
      } catch (err) {
        const reason = err instanceof Error ? err.message : 'node error';
        const failed = await this.accounts.run(playerId, { type: 'FailWithdrawalPayout', withdrawalId: id, reason, now: new Date().toISOString() }, context);
        await this.projections.waitFor(failed.checkpoint ?? approved.checkpoint);
        this.logger.error(`Payout of withdrawal ${id} failed: ${reason}`);
        throw new DomainError('PayoutFailed', `The request is approved but the payout failed (${reason}); approve it again to retry — it is never paid twice.`);
      }
      const paid = await this.accounts.run(playerId, { type: 'RecordWithdrawalPayout', withdrawalId: id, reference, now: new Date().toISOString() }, context);
      await this.projections.waitFor(paid.checkpoint);
    } else {
      await this.projections.waitFor(approved.checkpoint);
    }
    return this.view(id);
  }

  private async owner(id: string): Promise<string> {
    const playerId = await this.withdrawals.withdrawalOwner(id);
    if (!playerId) throw new NotFoundError('NotFound', 'No such withdrawal request.');
    return playerId;
  }

  private async view(id: string): Promise<WithdrawRequestView> {
    const [view] = await this.withdrawals.withdrawRequests({ id });
    if (!view) throw new NotFoundError('NotFound', 'No such withdrawal request.');
    return view;
  }
}
