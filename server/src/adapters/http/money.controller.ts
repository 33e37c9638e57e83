import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddInvoiceRequest, AddInvoiceResponse, BitcoinAddressResponse, DepositList, InvoiceStatusRequest, InvoiceStatusResponse, LightningInvoiceList,
  PhoneVerifyRequest, PhoneVerifyResponse, VerifyCodeRequest, VerifyCodeResponse, WithdrawRequest, WithdrawRequestList,
} from '@bahati/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BitcoinDeposits } from '../../application/money/bitcoin-deposits';
import { LightningDeposits } from '../../application/money/lightning-deposits';
import { PhoneVerification } from '../../application/money/phone-verification';
import { Withdrawals } from '../../application/money/withdrawals';
import type { CommandContext } from '../../application/command-path';
import { MoneyRepository } from '../read-models/money.repository';
import { CurrentUser, type Principal } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const context = (req: FastifyRequest, user: Principal): CommandContext => ({ correlationId: String(req.id), userId: user.playerId });

/** Money in and out for the signed-in player: phone verification, deposits, withdrawals. */
@ApiTags('money')
@ApiBearerAuth()
@Controller('players')
export class MoneyController {
  constructor(
    private readonly phone: PhoneVerification,
    private readonly bitcoin: BitcoinDeposits,
    private readonly lightning: LightningDeposits,
    private readonly withdrawals: Withdrawals,
    private readonly money: MoneyRepository,
  ) {}

  @Post('beginphoneverify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a verification code to a phone number' })
  @ApiBody({ schema: openApi(PhoneVerifyRequest) })
  @ApiOkResponse({ schema: openApi(PhoneVerifyResponse) })
  beginPhoneVerify(@Body(new ZodPipe(PhoneVerifyRequest)) body: PhoneVerifyRequest, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<PhoneVerifyResponse> {
    return this.phone.begin(user.playerId, body.phoneNumber, body.countryCode, context(req, user));
  }

  @Post('verifycode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the code; Approved links the number to the account' })
  @ApiBody({ schema: openApi(VerifyCodeRequest) })
  @ApiOkResponse({ schema: openApi(VerifyCodeResponse) })
  verifyCode(@Body(new ZodPipe(VerifyCodeRequest)) body: VerifyCodeRequest, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<VerifyCodeResponse> {
    return this.phone.verify(user.playerId, body.code, context(req, user));
  }

  @Get('getbitcoinaddress')
  @ApiOperation({ summary: "The player's on-chain deposit address (assigned on the first call)" })
  @ApiOkResponse({ schema: openApi(BitcoinAddressResponse) })
  async bitcoinAddress(@CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<BitcoinAddressResponse> {
    return { address: await this.bitcoin.address(user.playerId, context(req, user)) };
  }

  @Get('deposits')
  @ApiOperation({ summary: 'On-chain deposits, newest first' })
  @ApiOkResponse({ schema: openApi(DepositList) })
  deposits(@CurrentUser() user: Principal) {
    return this.money.deposits(user.playerId);
  }

  @Post('lightningaddinvoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Lightning invoice to deposit (at least 1,000 sats)' })
  @ApiBody({ schema: openApi(AddInvoiceRequest) })
  @ApiOkResponse({ schema: openApi(AddInvoiceResponse) })
  addInvoice(@Body(new ZodPipe(AddInvoiceRequest)) body: z.output<typeof AddInvoiceRequest>, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<AddInvoiceResponse> {
    return this.lightning.addInvoice(user.playerId, body.amount, context(req, user));
  }

  @Get('getlightninginvoices')
  @ApiOperation({ summary: 'Lightning invoices, newest first' })
  @ApiOkResponse({ schema: openApi(LightningInvoiceList) })
  invoices(@CurrentUser() user: Principal) {
    return this.money.invoices(user.playerId);
  }

  @Post('invoice')
  @HttpCode(200)
  @ApiOperation({ summary: "Waits up to 25 s for the invoice to leave Opened; answers its status" })
  @ApiBody({ schema: openApi(InvoiceStatusRequest) })
  @ApiOkResponse({ schema: openApi(InvoiceStatusResponse) })
  invoice(@Body(new ZodPipe(InvoiceStatusRequest)) body: InvoiceStatusRequest, @CurrentUser() user: Principal): Promise<InvoiceStatusResponse> {
    return this.lightning.waitForInvoice(user.playerId, body.id);
  }

  @Post('withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Request a withdrawal; the amount leaves the bank at once. Answers the new bank.' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key records one request however often it is sent' })
  @ApiBody({ schema: openApi(WithdrawRequest) })
  @ApiOkResponse({ schema: { type: 'integer' } })
  withdraw(
    @Body(new ZodPipe(WithdrawRequest)) body: z.output<typeof WithdrawRequest>,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentUser() user: Principal,
    @Req() req: FastifyRequest,
  ): Promise<number> {
    if (idempotencyKey !== undefined && !/^[\w.:-]{1,200}$/.test(idempotencyKey)) {
      throw new BadRequestException({ statusCode: 400, error: 'ValidationFailed', message: 'Idempotency-Key must be 1-200 letters, digits, or . : _ -' });
    }
    return this.withdrawals.request(user.playerId, body, idempotencyKey, context(req, user));
  }

  @Get('withdrawrequests')
  @ApiOperation({ summary: "The player's withdrawal requests, newest first" })
  @ApiOkResponse({ schema: openApi(WithdrawRequestList) })
  withdrawRequests(@CurrentUser() user: Principal) {
    return this.money.withdrawRequests({ playerId: user.playerId });
  }
}
