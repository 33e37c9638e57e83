import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Bonus, BonusDecisionResponse, BonusList, CreateRedeemCodeRequest, RedeemCodeList, RedeemCodeRequest, type RedeemCodeView, RedeemCodeView as RedeemCodeViewSchema,
} from '@bahati/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../application/actor';
import { DecideBonusCommand } from '../../application/bonuses/commands';
import { ListBonusesQuery } from '../../application/bonuses/queries';
import { CreateRedeemCodeCommand, ListRedeemCodesQuery, RedeemCodeCommand } from '../../application/bonuses/redeem-codes';
import { AdminOnly, CorrelationId, CurrentActor } from './auth';
import { IdempotencyKey } from './idempotency-key';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const BonusId = z.uuid('Invalid bonus id.');

/** Bonuses: the player's list, accepting or declining an offer, redeeming a code; the admins' redeem codes. */
@ApiTags('bonuses')
@ApiBearerAuth()
@Controller()
export class BonusesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get('players/bonuses')
  @ApiOperation({ summary: 'Your bonuses, newest first, with their playthrough' })
  @ApiOkResponse({ schema: openApi(BonusList) })
  bonuses(@CurrentActor() actor: Actor): Promise<Bonus[]> {
    return this.queries.execute(new ListBonusesQuery(actor));
  }

  @Post('players/acceptbonus/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept an offered bonus: it is credited at once and locks withdrawals until its playthrough is met' })
  @ApiOkResponse({ schema: openApi(BonusDecisionResponse) })
  accept(@Param('id', new ZodPipe(BonusId)) id: string, @CurrentActor() actor: Actor, @CorrelationId() correlationId: string): Promise<BonusDecisionResponse> {
    return this.commands.execute(new DecideBonusCommand(actor, id, 'accept', correlationId));
  }

  @Post('players/declinebonus/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline an offered bonus' })
  @ApiOkResponse({ schema: openApi(BonusDecisionResponse) })
  decline(@Param('id', new ZodPipe(BonusId)) id: string, @CurrentActor() actor: Actor, @CorrelationId() correlationId: string): Promise<BonusDecisionResponse> {
    return this.commands.execute(new DecideBonusCommand(actor, id, 'decline', correlationId));
  }

  @Post('players/redeemcode')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Redeem a code: its bonus is accepted and credited at once',
    description: 'Refused codes are limited per player and per client IP (RATE_LIMIT_REDEEM_FAILURES_*): past a limit every code, even a right one, answers 429 with Retry-After.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key with the same code answers the first answer; with another code, 422' })
  @ApiBody({ schema: openApi(RedeemCodeRequest) })
  @ApiOkResponse({ schema: openApi(BonusDecisionResponse) })
  redeem(
    @Body(new ZodPipe(RedeemCodeRequest)) body: RedeemCodeRequest,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @CurrentActor() actor: Actor,
    @CorrelationId() correlationId: string,
    @Req() req: FastifyRequest,
  ): Promise<BonusDecisionResponse> {
    return this.commands.execute(new RedeemCodeCommand(actor, body.code, idempotencyKey, correlationId, req.ip));
  }

  @AdminOnly()
  @Get('admin/redeem-codes')
  @ApiOperation({ summary: 'Every redeem code with its uses, newest first (admins)' })
  @ApiOkResponse({ schema: openApi(RedeemCodeList) })
  codes(@CurrentActor() actor: Actor): Promise<RedeemCodeView[]> {
    return this.queries.execute(new ListRedeemCodesQuery(actor));
  }

  @AdminOnly()
  @Post('admin/redeem-codes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a redeem code (admins)' })
  @ApiBody({ schema: openApi(CreateRedeemCodeRequest) })
  @ApiOkResponse({ schema: openApi(RedeemCodeViewSchema) })
  createCode(@Body(new ZodPipe(CreateRedeemCodeRequest)) body: CreateRedeemCodeRequest, @CurrentActor() actor: Actor, @CorrelationId() correlationId: string): Promise<RedeemCodeView> {
    return this.commands.execute(new CreateRedeemCodeCommand(actor, body, correlationId));
  }
}
