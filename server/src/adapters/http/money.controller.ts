import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AddInvoiceRequest, AddInvoiceRequestCodes, AddInvoiceResponse, BitcoinAddressResponse, type Deposit, DepositList, type HeldDeposit, HeldDepositList, RefundHeldDepositRequest, ReleaseHeldDepositRequest, RetryHeldDepositRefundRequest, InvoiceStatusRequest, InvoiceStatusResponse, type LightningInvoice,
  LightningInvoiceList, OptionalStaffReasonRequest, PhoneVerifyRequest, PhoneVerifyResponse, VerifyCodeRequest, VerifyCodeResponse, WithdrawCancelResponse, WithdrawDecisionQuery, WithdrawRequest, WithdrawRequestCodes,
  WithdrawRequestId, WithdrawRequestList, WithdrawRequestView, type WithdrawalRisk, WithdrawalRiskList,
} from '@bahati/contracts';
import type { z } from 'zod';
import type { Actor } from '../../application/actor';
import { GetWithdrawalRiskQuery } from '../../application/money/withdrawal-risk';
import {
  AssignDepositAddressCommand, BeginPhoneVerifyCommand, CancelWithdrawalCommand, CreateInvoiceCommand, DecideWithdrawalCommand,
  RequestWithdrawalCommand, VerifyPhoneCodeCommand,
} from '../../application/money/commands';
import { ListHeldDepositsQuery, RefundHeldDepositCommand, ReleaseHeldDepositCommand, RetryHeldDepositRefundCommand } from '../../application/money/held-deposits';
import { ListAllWithdrawRequestsQuery, ListDepositsQuery, ListInvoicesQuery, ListWithdrawRequestsQuery, WaitForInvoiceQuery } from '../../application/money/queries';
import { AdminOnly, CorrelationId, CurrentActor } from './auth';
import { IdempotencyKey } from './idempotency-key';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

/** Money in and out: phone verification, deposits, withdrawals, and the admins' review of withdrawals. */
@ApiTags('money')
@ApiBearerAuth()
@Controller()
export class MoneyController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post('players/beginphoneverify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a verification code to a phone number' })
  @ApiBody({ schema: openApi(PhoneVerifyRequest) })
  @ApiOkResponse({ schema: openApi(PhoneVerifyResponse) })
  beginPhoneVerify(@Body(new ZodPipe(PhoneVerifyRequest)) body: PhoneVerifyRequest, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<PhoneVerifyResponse> {
    return this.commands.execute(new BeginPhoneVerifyCommand(actor, body.phoneNumber, body.countryCode, id));
  }

  @Post('players/verifycode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the code; Approved links the number to the account' })
  @ApiBody({ schema: openApi(VerifyCodeRequest) })
  @ApiOkResponse({ schema: openApi(VerifyCodeResponse) })
  verifyCode(@Body(new ZodPipe(VerifyCodeRequest)) body: VerifyCodeRequest, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<VerifyCodeResponse> {
    return this.commands.execute(new VerifyPhoneCodeCommand(actor, body.code, id));
  }

  @Get('players/getbitcoinaddress')
  @ApiOperation({ summary: "The player's on-chain deposit address (assigned on the first call)" })
  @ApiOkResponse({ schema: openApi(BitcoinAddressResponse) })
  bitcoinAddress(@CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<BitcoinAddressResponse> {
    return this.commands.execute(new AssignDepositAddressCommand(actor, id));
  }

  @Get('players/deposits')
  @ApiOperation({ summary: 'On-chain deposits, newest first' })
  @ApiOkResponse({ schema: openApi(DepositList) })
  deposits(@CurrentActor() actor: Actor): Promise<Deposit[]> {
    return this.queries.execute(new ListDepositsQuery(actor));
  }

  @Post('players/lightningaddinvoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Lightning invoice to deposit (at least 1,000 sats)' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key with the same amount answers the first invoice; with another amount, 422' })
  @ApiBody({ schema: openApi(AddInvoiceRequest) })
  @ApiOkResponse({ schema: openApi(AddInvoiceResponse) })
  addInvoice(
    @Body(new ZodPipe(AddInvoiceRequest, AddInvoiceRequestCodes)) body: z.output<typeof AddInvoiceRequest>,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<AddInvoiceResponse> {
    return this.commands.execute(new CreateInvoiceCommand(actor, body.amount, idempotencyKey, id));
  }

  @Get('players/getlightninginvoices')
  @ApiOperation({ summary: 'Lightning invoices, newest first' })
  @ApiOkResponse({ schema: openApi(LightningInvoiceList) })
  invoices(@CurrentActor() actor: Actor): Promise<LightningInvoice[]> {
    return this.queries.execute(new ListInvoicesQuery(actor));
  }

  @Post('players/invoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'Waits up to 25 s for the invoice to leave Opened; answers its status' })
  @ApiBody({ schema: openApi(InvoiceStatusRequest) })
  @ApiOkResponse({ schema: openApi(InvoiceStatusResponse) })
  invoice(@Body(new ZodPipe(InvoiceStatusRequest)) body: InvoiceStatusRequest, @CurrentActor() actor: Actor): Promise<InvoiceStatusResponse> {
    return this.queries.execute(new WaitForInvoiceQuery(actor, body.id));
  }

  @Post('players/withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Request a withdrawal; the amount leaves the bank at once. Answers the new bank.' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key with the same request records it once and answers the first answer; with another request, 422' })
  @ApiBody({ schema: openApi(WithdrawRequest) })
  @ApiOkResponse({ schema: { type: 'integer' } })
  withdraw(
    @Body(new ZodPipe(WithdrawRequest, WithdrawRequestCodes)) body: z.output<typeof WithdrawRequest>,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<number> {
    return this.commands.execute(new RequestWithdrawalCommand(actor, body, idempotencyKey, id));
  }

  @Get('players/withdrawrequests')
  @ApiOperation({ summary: "The player's withdrawal requests, newest first" })
  @ApiOkResponse({ schema: openApi(WithdrawRequestList) })
  withdrawRequests(@CurrentActor() actor: Actor): Promise<WithdrawRequestView[]> {
    return this.queries.execute(new ListWithdrawRequestsQuery(actor));
  }

  @Post('players/withdrawrequests/:id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: "Cancel one of the player's own requests while it is in review: the amount goes back to the bank at once (WithdrawRefund)",
    description: "Another player's request is 404 NotFound; one already approved, declined or cancelled is 409 WithdrawalNotPending. Repeating a cancellation answers the same.",
  })
  @ApiParam({ name: 'id', description: 'The withdrawal request id' })
  @ApiOkResponse({ schema: openApi(WithdrawCancelResponse) })
  cancelWithdrawal(@Param('id', new ZodPipe(WithdrawRequestId)) withdrawalId: string, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<WithdrawCancelResponse> {
    return this.commands.execute(new CancelWithdrawalCommand(actor, withdrawalId, id));
  }

  @AdminOnly()
  @Get('players/adminwithdrawrequests')
  @ApiOperation({ summary: 'Every withdrawal request, newest first (admins)' })
  @ApiOkResponse({ schema: openApi(WithdrawRequestList) })
  allWithdrawRequests(@CurrentActor() actor: Actor): Promise<WithdrawRequestView[]> {
    return this.queries.execute(new ListAllWithdrawRequestsQuery(actor));
  }

  @AdminOnly()
  @Get('admin/withdraw-risk')
  @ApiOperation({ summary: "For each request in review (or whose payout failed): the player's standing, suspect level and newest records, account age, deposits, withdrawals, game result, bonuses, bank, and the other players who withdrew to the same destination (admins)" })
  @ApiOkResponse({ schema: openApi(WithdrawalRiskList) })
  withdrawRisk(@CurrentActor() actor: Actor): Promise<WithdrawalRisk[]> {
    return this.queries.execute(new GetWithdrawalRiskQuery(actor));
  }

  @AdminOnly()
  @Put('players/approvewithdrawrequest')
  @ApiOperation({
    summary:
      'Approve a Created request and pay it out (repeating it never pays twice). Above WITHDRAW_SECOND_APPROVAL_SATS the first approval is recorded and a different admin\'s approval pays; a player held for review (suspect level) needs a {reason} (admins)',
  })
  @ApiQuery({ name: 'id', required: true })
  @ApiBody({ schema: openApi(OptionalStaffReasonRequest), required: false })
  @ApiOkResponse({ schema: openApi(WithdrawRequestView) })
  approve(
    @Query(new ZodPipe(WithdrawDecisionQuery)) q: z.output<typeof WithdrawDecisionQuery>,
    @Body(new ZodPipe(OptionalStaffReasonRequest)) body: OptionalStaffReasonRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<WithdrawRequestView> {
    return this.commands.execute(new DecideWithdrawalCommand(actor, q.id, 'approve', id, body?.reason));
  }

  @AdminOnly()
  @Put('players/declinewithdrawrequest')
  @ApiOperation({ summary: 'Decline a Created request, with an optional {reason} for the audit log; the amount goes back to the bank (admins)' })
  @ApiQuery({ name: 'id', required: true })
  @ApiBody({ schema: openApi(OptionalStaffReasonRequest), required: false })
  @ApiOkResponse({ schema: openApi(WithdrawRequestView) })
  decline(
    @Query(new ZodPipe(WithdrawDecisionQuery)) q: z.output<typeof WithdrawDecisionQuery>,
    @Body(new ZodPipe(OptionalStaffReasonRequest)) body: OptionalStaffReasonRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<WithdrawRequestView> {
    return this.commands.execute(new DecideWithdrawalCommand(actor, q.id, 'decline', id, body?.reason));
  }

  @AdminOnly()
  @Get('admin/held-deposits')
  @ApiOperation({
    summary: 'Paid deposits held for review because they would have taken a bank past MAX_BANK_SATS, and their outcome (admins)',
    description: 'Those still held, or whose refund is under way or failed, oldest first; then those released or refunded, newest decision first.',
  })
  @ApiOkResponse({ schema: openApi(HeldDepositList) })
  heldDeposits(@CurrentActor() actor: Actor): Promise<HeldDeposit[]> {
    return this.queries.execute(new ListHeldDepositsQuery(actor));
  }

  @AdminOnly()
  @Post('admin/held-deposits/release')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Credit a held deposit as it would have been credited when paid, with a reason; answers the held deposits (admins)',
    description:
      'While the credit would still take the bank past MAX_BANK_SATS, `confirmPastLimit: true` is required (409 PastLimitNotConfirmed otherwise). ' +
      'A deposit being refunded is 409 Conflict; releasing one already released answers the same.',
  })
  @ApiBody({ schema: openApi(ReleaseHeldDepositRequest) })
  @ApiOkResponse({ schema: openApi(HeldDepositList) })
  releaseHeldDeposit(@Body(new ZodPipe(ReleaseHeldDepositRequest)) body: z.output<typeof ReleaseHeldDepositRequest>, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<HeldDeposit[]> {
    return this.commands.execute(new ReleaseHeldDepositCommand(actor, body.playerId, body.method, body.id, body.reason, body.confirmPastLimit, id));
  }

  @AdminOnly()
  @Post('admin/held-deposits/refund')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a held deposit back instead of crediting it, with a reason; answers the held deposits (admins)',
    description:
      '`target`: a Bitcoin address of the network for an on-chain deposit (400 InvalidAddress otherwise), a payment request for a Lightning one ' +
      '(for its amount or none; 400 InvalidPaymentRequest otherwise). A released deposit is 409 Conflict. Sending it again pays once; a failed ' +
      'payout is 502 PayoutFailed, recorded, and retried with POST admin/held-deposits/refund-retry.',
  })
  @ApiBody({ schema: openApi(RefundHeldDepositRequest) })
  @ApiOkResponse({ schema: openApi(HeldDepositList) })
  refundHeldDeposit(@Body(new ZodPipe(RefundHeldDepositRequest)) body: RefundHeldDepositRequest, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<HeldDeposit[]> {
    return this.commands.execute(new RefundHeldDepositCommand(actor, body.playerId, body.method, body.id, body.target, body.reason, id));
  }

  @AdminOnly()
  @Post('admin/held-deposits/refund-retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pay again a refund whose payout failed (never twice); answers the held deposits (admins)' })
  @ApiBody({ schema: openApi(RetryHeldDepositRefundRequest) })
  @ApiOkResponse({ schema: openApi(HeldDepositList) })
  retryHeldDepositRefund(@Body(new ZodPipe(RetryHeldDepositRefundRequest)) body: RetryHeldDepositRefundRequest, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<HeldDeposit[]> {
    return this.commands.execute(new RetryHeldDepositRefundCommand(actor, body.playerId, body.method, body.id, id));
  }
}
