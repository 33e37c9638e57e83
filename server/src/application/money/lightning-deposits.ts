import { Inject, Injectable, Logger } from '@nestjs/common';
import { MIN_LIGHTNING_DEPOSIT, type AddInvoiceResponse, type InvoiceStatusResponse } from '@bahati/contracts';
import { assertMayDeposit } from '../../domain/account/money';
import { DomainError } from '../../domain/decider';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { BonusSettings } from '../bonuses/bonus-settings';
import type { CommandContext } from '../command-path';
import { NotFoundError } from '../errors';
import type { InvoiceUpdate } from '../ports/money';
import { InvoicesReadModel, ReadModelProgress } from '../ports/read-models';
import { MoneyServices } from './money-services';
import { AccountCommands } from '../account-commands';
import { Draining } from '../draining';
import { Standings } from '../standings';
import { requestKeyFor } from '../request-keys';
import type { AccountState } from '../../domain/account/account';
import { isRepeatedRequest } from '../../domain/account/request-keys';

const SYSTEM: CommandContext = { correlationId: 'invoice-watcher', userId: 'system:invoice-watcher' };

@Injectable()
export class LightningDeposits {
  private readonly logger = new Logger('LightningDeposits');

  constructor(
    private readonly accounts: AccountCommands,
    private readonly projections: ReadModelProgress,
    private readonly standings: Standings,
    private readonly invoices: InvoicesReadModel,
    private readonly backends: MoneyServices,
    private readonly bonuses: BonusSettings,
    @Inject(AppConfigToken) private readonly config: AppConfig,
    private readonly draining: Draining,
  ) {}

  /**
   * Creates an invoice on the node and records it on the account. With an Idempotency-Key, a repeat of the
   * request is answered with the first invoice and no new one is made; the key with another amount is refused.
   */
  async addInvoice(playerId: string, amount: number, idempotencyKey: string | undefined, context: CommandContext): Promise<AddInvoiceResponse> {
    const { standing } = await this.standings.of(playerId);
    assertMayDeposit(standing);
    if (amount < MIN_LIGHTNING_DEPOSIT) throw new DomainError('InvalidAmount', `Deposit Amount must be at least ${MIN_LIGHTNING_DEPOSIT} Satoshis.`);
    const keyed = (ref: string) => requestKeyFor(idempotencyKey, 'lightningaddinvoice', [amount], ref);
    if (idempotencyKey !== undefined) {
      const { state } = await this.accounts.load(playerId);
      if (isRepeatedRequest(state.requestKeys, keyed(''))) return this.firstAnswer(state, idempotencyKey);
    }
    const invoice = await this.backends.lightning.createInvoice(amount, 'Bahati deposit', this.config.invoiceExpirySeconds);
    const outcome = await this.accounts.run(
      playerId,
      (_state, current) => ({
        type: 'CreateLightningInvoice', invoiceId: invoice.id, amount, paymentRequest: invoice.paymentRequest, paymentHash: invoice.paymentHash,
        expiresAt: invoice.expiresAt, standing: current, minimum: MIN_LIGHTNING_DEPOSIT, requestKey: keyed(invoice.id), now: new Date().toISOString(),
      }),
      context,
    );
    await this.projections.waitFor(outcome.checkpoint);
    // A repeat that raced the first request here: the first invoice is the answer (the node's new one is never shown, and expires unpaid).
    if (idempotencyKey !== undefined) return this.firstAnswer(outcome.state, idempotencyKey);
    return { id: invoice.id, paymentRequest: invoice.paymentRequest };
  }

  private firstAnswer(state: AccountState, idempotencyKey: string): AddInvoiceResponse {
    const id = state.requestKeys.get(idempotencyKey)!.ref;
    return { id, paymentRequest: state.money.invoices.get(id)!.paymentRequest };
  }

  /**
   * Answers once the invoice is no longer Opened, or after `timeoutMs` with its current status — at once
   * when the server begins to shut down (the client then asks again, of another instance).
   */
  async waitForInvoice(playerId: string, id: string, timeoutMs = 25_000): Promise<InvoiceStatusResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const invoice = await this.invoices.invoice(id);
      if (!invoice || invoice.playerId !== playerId) throw new NotFoundError('NotFound', 'No such invoice on this account.');
      if (invoice.status !== 'Opened' || Date.now() >= deadline || this.draining.active) return { id, status: invoice.status, amount: invoice.amount };
      await this.draining.pause(Math.min(300, Math.max(0, deadline - Date.now())));
    }
  }

  /** A settlement or cancellation reported by the node; recorded once on the invoice's account. */
  async onUpdate(update: InvoiceUpdate): Promise<boolean> {
    if (update.status === 'Opened') return false;
    const invoice = await this.invoices.invoice(update.id);
    if (!invoice) return false;
    const now = new Date().toISOString();
    const outcome = await this.accounts.run(
      invoice.playerId,
      update.status === 'Settled'
        ? { type: 'SettleLightningInvoice', invoiceId: update.id, amountPaid: update.amountPaid, bonus: this.bonuses.terms(), maxBank: this.config.maxBankSats, now }
        : { type: 'CancelLightningInvoice', invoiceId: update.id, now },
      SYSTEM,
    );
    await this.projections.waitFor(outcome.checkpoint);
    return outcome.events.length > 0;
  }

  /**
   * Asks the node about every Opened invoice (settlements missed while the subscription was down) and
   * cancels those past their expiry that the node has not settled.
   */
  async reconcile(now = new Date()): Promise<void> {
    if (!this.backends.hasLightning) return;
    const node = this.backends.lightning;
    for (const { id } of await this.invoices.openInvoices()) {
      try {
        const update = await node.getInvoice(id);
        if (update && update.status !== 'Opened') await this.onUpdate(update);
      } catch (err) {
        this.logger.warn(`Invoice ${id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    for (const { id } of await this.invoices.openInvoices(now)) {
      await this.onUpdate({ id, status: 'Canceled', amountPaid: 0 }).catch((err) => this.logger.warn(`Cancel ${id}: ${String(err)}`));
    }
  }
}
