import { Body, Controller, Get, HttpCode, NotFoundException, Post, Query } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DevBitcoinConfirmRequest, DevBitcoinPayRequest, DevBitcoinPayResponse, DevIdTokenRequest, DevIdTokenResponse, DevLightningSettleRequest, DevLightningSettleResponse,
  DevOutsideAddressResponse, DevOutsideInvoiceRequest, DevOutsideInvoiceResponse, DevPhoneCodeQuery, DevRefusePayoutsRequest, DevPhoneCodeResponse, NextShoe, SEED_PATTERN,
} from '@bahati/contracts';
import { z } from 'zod';
import type { Actor } from '../../application/actor';
import { CommitShoeCommand } from '../../application/game/commands';
import { PollChainCommand, RecordInvoiceUpdateCommand } from '../../application/money/commands';
import { DevRails } from '../dev-rails';
import { DevIdentityProvider } from '../identity/dev-identity-provider';
import { UnknownInvoiceError } from '../lightning/dev-lightning-node';
import { CorrelationId, CurrentActor, Public } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

export const DevShoeRequest = z.object({ houseSeed: z.string().regex(SEED_PATTERN, 'houseSeed must be 43 base64 characters and a final =') });

const standInMissing = (what: string) =>
  new NotFoundException({ statusCode: 404, error: 'NotFound', message: `${what} is a real service on this server; the development rail only drives the stand-in.` });

/**
 * The development identity provider's rail. A controller of its own because the provider exists only
 * when it signs the server's ID tokens (no GOOGLE_CLIENT_ID, not production): the app registers it then
 * and only then, so a development server with Google sign-in still starts (and answers 404 here).
 */
@ApiTags('development')
@SkipThrottle({ requests: true })
@Controller('dev')
export class DevIdentityController {
  constructor(private readonly identity: DevIdentityProvider) {}

  @Public()
  @Post('id-token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue an ID token from the development identity provider' })
  @ApiBody({ schema: openApi(DevIdTokenRequest) })
  @ApiOkResponse({ schema: openApi(DevIdTokenResponse) })
  idToken(@Body(new ZodPipe(DevIdTokenRequest)) body: DevIdTokenRequest): DevIdTokenResponse {
    return { idToken: this.identity.issue(body.email, body.name) };
  }
}

/**
 * Development rails for the local stand-ins: a chosen shoe, chain payments, invoice settlement and
 * phone codes. The app registers this controller only outside production.
 */
@ApiTags('development')
// Absent in production; the test suites drive these rails hard, so they are outside the request ceiling.
@SkipThrottle({ requests: true })
@Controller('dev')
export class DevController {
  constructor(
    private readonly commands: CommandBus,
    private readonly rails: DevRails,
  ) {}

  @ApiBearerAuth()
  @Post('shoe')
  @HttpCode(200)
  @ApiOperation({ summary: 'Retire the current shoe (between hands) and commit one with the given house seed' })
  @ApiBody({ schema: openApi(DevShoeRequest) })
  @ApiOkResponse({ schema: openApi(NextShoe) })
  async shoe(@Body(new ZodPipe(DevShoeRequest)) body: z.infer<typeof DevShoeRequest>, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<NextShoe> {
    const next: NextShoe = await this.commands.execute(new CommitShoeCommand(actor, id, body.houseSeed));
    return { id: next.id, houseSeedHash: next.houseSeedHash };
  }

  @Public()
  @Post('bitcoin/pay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pay an address on the development chain' })
  @ApiBody({ schema: openApi(DevBitcoinPayRequest) })
  @ApiOkResponse({ schema: openApi(DevBitcoinPayResponse) })
  async pay(@Body(new ZodPipe(DevBitcoinPayRequest)) body: z.output<typeof DevBitcoinPayRequest>): Promise<DevBitcoinPayResponse> {
    const chain = this.rails.chain;
    if (!chain) throw standInMissing('The chain source');
    const txid = chain.pay(body.address, body.amount, body.confirmations);
    await this.commands.execute(new PollChainCommand());
    return { txid };
  }

  @Public()
  @Post('bitcoin/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the confirmations of a development-chain transaction' })
  @ApiBody({ schema: openApi(DevBitcoinConfirmRequest) })
  async confirm(@Body(new ZodPipe(DevBitcoinConfirmRequest)) body: DevBitcoinConfirmRequest): Promise<{ txid: string; confirmations: number }> {
    const chain = this.rails.chain;
    if (!chain) throw standInMissing('The chain source');
    if (!chain.confirm(body.txid, body.confirmations)) throw new NotFoundException({ statusCode: 404, error: 'NotFound', message: 'No such transaction on the development chain.' });
    await this.commands.execute(new PollChainCommand());
    return body;
  }

  @Public()
  @Post('lightning/settle')
  @HttpCode(200)
  @ApiOperation({ summary: 'Settle an invoice of the development Lightning node' })
  @ApiBody({ schema: openApi(DevLightningSettleRequest) })
  @ApiOkResponse({ schema: openApi(DevLightningSettleResponse) })
  async settle(@Body(new ZodPipe(DevLightningSettleRequest)) body: DevLightningSettleRequest): Promise<{ paymentHash: string }> {
    const node = this.rails.node;
    if (!node) throw standInMissing('The Lightning node');
    let update;
    try {
      update = node.settle(body.paymentRequest);
    } catch (err) {
      if (err instanceof UnknownInvoiceError) throw new NotFoundException({ statusCode: 404, error: 'NotFound', message: err.message });
      throw err;
    }
    await this.commands.execute(new RecordInvoiceUpdateCommand(update));
    return { paymentHash: update.id };
  }

  @Public()
  @Post('outside/invoice')
  @HttpCode(200)
  @ApiOperation({ summary: 'An invoice of a wallet outside the site, to withdraw to (our own deposit invoices are refused as targets)' })
  @ApiBody({ schema: openApi(DevOutsideInvoiceRequest) })
  @ApiOkResponse({ schema: openApi(DevOutsideInvoiceResponse) })
  outsideInvoice(@Body(new ZodPipe(DevOutsideInvoiceRequest)) body: z.output<typeof DevOutsideInvoiceRequest>): DevOutsideInvoiceResponse {
    return { paymentRequest: this.rails.outside.invoice(body.amount) };
  }

  @Public()
  @Post('outside/address')
  @HttpCode(200)
  @ApiOperation({ summary: 'An address of a wallet outside the site, to withdraw to (our own deposit addresses are refused as targets)' })
  @ApiOkResponse({ schema: openApi(DevOutsideAddressResponse) })
  outsideAddress(): DevOutsideAddressResponse {
    return { address: this.rails.outside.address() };
  }

  @Public()
  @Post('lightning/refuse-payouts')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make the development node refuse its next payouts (to see a failed payout and its retry)' })
  @ApiBody({ schema: openApi(DevRefusePayoutsRequest) })
  refusePayouts(@Body(new ZodPipe(DevRefusePayoutsRequest)) body: z.output<typeof DevRefusePayoutsRequest>): z.output<typeof DevRefusePayoutsRequest> {
    const node = this.rails.node;
    if (!node) throw standInMissing('The Lightning node');
    node.refuseNextPayouts(body.count, body.reason);
    return body;
  }

  @Public()
  @Get('phone-code')
  @ApiOperation({ summary: "The stand-in's last verification code for a number" })
  @ApiOkResponse({ schema: openApi(DevPhoneCodeResponse) })
  phoneCode(@Query(new ZodPipe(DevPhoneCodeQuery)) q: z.output<typeof DevPhoneCodeQuery>): DevPhoneCodeResponse {
    const phone = this.rails.phone;
    if (!phone) throw standInMissing('Phone verification');
    const code = phone.lastCode(q.phoneNumber);
    if (!code) throw new NotFoundException({ statusCode: 404, error: 'NotFound', message: 'No code was sent to that number.' });
    return { code };
  }
}
