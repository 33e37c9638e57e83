import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AddInvoiceResponse, BitcoinAddressResponse, PhoneVerifyResponse, VerifyCodeResponse, WithdrawCancelResponse, WithdrawRequestView } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import type { CommandContext } from '../command-path';
import type { InvoiceUpdate } from '../ports/money';
import { BitcoinDeposits } from './bitcoin-deposits';
import { LightningDeposits } from './lightning-deposits';
import { PhoneVerification } from './phone-verification';
import { type WithdrawInput, Withdrawals } from './withdrawals';

const context = (actor: Actor, correlationId: string): CommandContext => ({ correlationId, userId: actor.playerId });

export class BeginPhoneVerifyCommand {
  constructor(readonly actor: Actor, readonly phoneNumber: string, readonly countryCode: string, readonly correlationId: string) {}
}
export class VerifyPhoneCodeCommand {
  constructor(readonly actor: Actor, readonly code: string, readonly correlationId: string) {}
}
/** The player's deposit address, derived and assigned on the first call. */
export class AssignDepositAddressCommand {
  constructor(readonly actor: Actor, readonly correlationId: string) {}
}
export class CreateInvoiceCommand {
  constructor(readonly actor: Actor, readonly amount: number, readonly idempotencyKey: string | undefined, readonly correlationId: string) {}
}
/** Answers the bank after the amount left it. */
export class RequestWithdrawalCommand {
  constructor(readonly actor: Actor, readonly input: WithdrawInput, readonly idempotencyKey: string | undefined, readonly correlationId: string) {}
}
/** An admin's review of a Created withdrawal request: approval pays it out (once), declining refunds it. */
export class DecideWithdrawalCommand {
  constructor(readonly actor: Actor, readonly withdrawalId: string, readonly decision: 'approve' | 'decline', readonly correlationId: string, readonly reason?: string) {}
}
/** The player cancels their own withdrawal request while it is in review; answers the request and the bank with the amount back. */
export class CancelWithdrawalCommand {
  constructor(readonly actor: Actor, readonly withdrawalId: string, readonly correlationId: string) {}
}
/** Asks the chain source about every deposit address now; answers how many events were recorded. */
export class PollChainCommand {}
/** A settlement or cancellation the Lightning node reported; answers whether anything was recorded. */
export class RecordInvoiceUpdateCommand {
  constructor(readonly update: InvoiceUpdate) {}
}

@CommandHandler(BeginPhoneVerifyCommand)
export class BeginPhoneVerifyHandler implements ICommandHandler<BeginPhoneVerifyCommand, PhoneVerifyResponse> {
  constructor(private readonly phone: PhoneVerification) {}
  execute(c: BeginPhoneVerifyCommand) {
    return this.phone.begin(c.actor.playerId, c.phoneNumber, c.countryCode, context(c.actor, c.correlationId));
  }
}

@CommandHandler(VerifyPhoneCodeCommand)
export class VerifyPhoneCodeHandler implements ICommandHandler<VerifyPhoneCodeCommand, VerifyCodeResponse> {
  constructor(private readonly phone: PhoneVerification) {}
  execute(c: VerifyPhoneCodeCommand) {
    return this.phone.verify(c.actor.playerId, c.code, context(c.actor, c.correlationId));
  }
}

@CommandHandler(AssignDepositAddressCommand)
export class AssignDepositAddressHandler implements ICommandHandler<AssignDepositAddressCommand, BitcoinAddressResponse> {
  constructor(private readonly bitcoin: BitcoinDeposits) {}
  async execute(c: AssignDepositAddressCommand) {
    return { address: await this.bitcoin.address(c.actor.playerId, context(c.actor, c.correlationId)) };
  }
}

@CommandHandler(CreateInvoiceCommand)
export class CreateInvoiceHandler implements ICommandHandler<CreateInvoiceCommand, AddInvoiceResponse> {
  constructor(private readonly lightning: LightningDeposits) {}
  execute(c: CreateInvoiceCommand) {
    return this.lightning.addInvoice(c.actor.playerId, c.amount, c.idempotencyKey, context(c.actor, c.correlationId));
  }
}

@CommandHandler(RequestWithdrawalCommand)
export class RequestWithdrawalHandler implements ICommandHandler<RequestWithdrawalCommand, number> {
  constructor(private readonly withdrawals: Withdrawals) {}
  execute(c: RequestWithdrawalCommand) {
    return this.withdrawals.request(c.actor.playerId, c.input, c.idempotencyKey, context(c.actor, c.correlationId));
  }
}

@CommandHandler(DecideWithdrawalCommand)
export class DecideWithdrawalHandler implements ICommandHandler<DecideWithdrawalCommand, WithdrawRequestView> {
  constructor(private readonly withdrawals: Withdrawals) {}
  async execute(c: DecideWithdrawalCommand) {
    assertAdmin(c.actor);
    const ctx = context(c.actor, c.correlationId);
    return c.decision === 'approve' ? this.withdrawals.approve(c.actor.playerId, c.withdrawalId, ctx, c.reason) : this.withdrawals.decline(c.actor.playerId, c.withdrawalId, ctx, c.reason);
  }
}

@CommandHandler(CancelWithdrawalCommand)
export class CancelWithdrawalHandler implements ICommandHandler<CancelWithdrawalCommand, WithdrawCancelResponse> {
  constructor(private readonly withdrawals: Withdrawals) {}
  execute(c: CancelWithdrawalCommand) {
    return this.withdrawals.cancel(c.actor.playerId, c.withdrawalId, context(c.actor, c.correlationId));
  }
}

@CommandHandler(PollChainCommand)
export class PollChainHandler implements ICommandHandler<PollChainCommand, number> {
  constructor(private readonly bitcoin: BitcoinDeposits) {}
  execute() {
    return this.bitcoin.poll();
  }
}

@CommandHandler(RecordInvoiceUpdateCommand)
export class RecordInvoiceUpdateHandler implements ICommandHandler<RecordInvoiceUpdateCommand, boolean> {
  constructor(private readonly lightning: LightningDeposits) {}
  execute(c: RecordInvoiceUpdateCommand) {
    return this.lightning.onUpdate(c.update);
  }
}

export const moneyCommandHandlers = [
  BeginPhoneVerifyHandler, VerifyPhoneCodeHandler, AssignDepositAddressHandler, CreateInvoiceHandler, RequestWithdrawalHandler,
  DecideWithdrawalHandler, CancelWithdrawalHandler, PollChainHandler, RecordInvoiceUpdateHandler,
];
