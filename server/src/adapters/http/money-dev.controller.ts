import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DevBitcoinConfirmRequest, DevBitcoinPayRequest, DevBitcoinPayResponse, DevLightningSettleRequest, DevLightningSettleResponse, DevPhoneCodeQuery, DevPhoneCodeResponse,
} from '@bahati/contracts';
import type { z } from 'zod';
import { MoneyBackends } from '../../application/money/backends';
import { BitcoinDeposits } from '../../application/money/bitcoin-deposits';
import { LightningDeposits } from '../../application/money/lightning-deposits';
import { UnknownInvoiceError } from '../lightning/dev-lightning-node';
import { Public } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const standInMissing = (what: string) =>
  new NotFoundException({ statusCode: 404, error: 'NotFound', message: `${what} is a real service on this server; the development rail only drives the stand-in.` });

/** Development rails for the stand-ins (registered only outside production, like all of /api/dev). */
@ApiTags('development')
@Public()
@Controller('dev')
export class MoneyDevController {
  constructor(
    @Inject(MoneyBackends) private readonly backends: MoneyBackends,
    private readonly bitcoin: BitcoinDeposits,
    private readonly lightning: LightningDeposits,
  ) {}

  @Post('bitcoin/pay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pay an address on the development chain' })
  @ApiBody({ schema: openApi(DevBitcoinPayRequest) })
  @ApiOkResponse({ schema: openApi(DevBitcoinPayResponse) })
  async pay(@Body(new ZodPipe(DevBitcoinPayRequest)) body: z.output<typeof DevBitcoinPayRequest>): Promise<DevBitcoinPayResponse> {
    const chain = this.backends.dev.chain;
    if (!chain) throw standInMissing('The chain source');
    const txid = chain.pay(body.address, body.amount, body.confirmations);
    await this.bitcoin.poll();
    return { txid };
  }

  @Post('bitcoin/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the confirmations of a development-chain transaction' })
  @ApiBody({ schema: openApi(DevBitcoinConfirmRequest) })
  async confirm(@Body(new ZodPipe(DevBitcoinConfirmRequest)) body: DevBitcoinConfirmRequest): Promise<{ txid: string; confirmations: number }> {
    const chain = this.backends.dev.chain;
    if (!chain) throw standInMissing('The chain source');
    if (!chain.confirm(body.txid, body.confirmations)) throw new NotFoundException({ statusCode: 404, error: 'NotFound', message: 'No such transaction on the development chain.' });
    await this.bitcoin.poll();
    return body;
  }

  @Post('lightning/settle')
  @HttpCode(200)
  @ApiOperation({ summary: 'Settle an invoice of the development Lightning node' })
  @ApiBody({ schema: openApi(DevLightningSettleRequest) })
  @ApiOkResponse({ schema: openApi(DevLightningSettleResponse) })
  async settle(@Body(new ZodPipe(DevLightningSettleRequest)) body: DevLightningSettleRequest): Promise<{ paymentHash: string }> {
    const node = this.backends.dev.node;
    if (!node) throw standInMissing('The Lightning node');
    try {
      const update = node.settle(body.paymentRequest);
      await this.lightning.onUpdate(update);
      return { paymentHash: update.id };
    } catch (err) {
      if (err instanceof UnknownInvoiceError) throw new NotFoundException({ statusCode: 404, error: 'NotFound', message: err.message });
      throw err;
    }
  }

  @Get('phone-code')
  @ApiOperation({ summary: "The stand-in's last verification code for a number" })
  @ApiOkResponse({ schema: openApi(DevPhoneCodeResponse) })
  phoneCode(@Query(new ZodPipe(DevPhoneCodeQuery)) q: z.output<typeof DevPhoneCodeQuery>): DevPhoneCodeResponse {
    const phone = this.backends.dev.phone;
    if (!phone) throw standInMissing('Phone verification');
    const code = phone.lastCode(q.phoneNumber);
    if (!code) throw new NotFoundException({ statusCode: 404, error: 'NotFound', message: 'No code was sent to that number.' });
    return { code };
  }
}
