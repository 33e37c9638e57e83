import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActionResponse, DealRequest, Hand, HandAction, HandActionResponse, Shoe } from '@bahati/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DealHandCommand, PlayHandCommand } from '../../application/game/commands';
import { GetHandQuery, GetHandShoeQuery } from '../../application/game/queries';
import { CurrentUser, type Principal } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

type Deal = z.infer<typeof DealRequest>;
type Action = z.infer<typeof HandAction>;
const HandId = z.uuid('Invalid hand id.');

@ApiTags('hands')
@ApiBearerAuth()
@Controller('hands')
export class HandsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Deal a new hand: stakes the bet; the first hand of a shoe fixes the player seed' })
  @ApiBody({ schema: openApi(DealRequest) })
  @ApiOkResponse({ schema: openApi(ActionResponse) })
  deal(@Body(new ZodPipe(DealRequest)) body: Deal, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<ActionResponse> {
    return this.commands.execute(new DealHandCommand(user.playerId, body.betAmount, body.playerSeed ?? null, String(req.id)));
  }

  @Put(':action')
  @ApiOperation({ summary: 'Act on the hand in play: hit, double, stand, split, insurance, noinsurance, evenmoney, noevenmoney' })
  @ApiOkResponse({ schema: openApi(HandActionResponse) })
  act(@Param('action', new ZodPipe(HandAction)) action: Action, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<HandActionResponse> {
    return this.commands.execute(new PlayHandCommand(user.playerId, action, String(req.id)));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your hands' })
  @ApiOkResponse({ schema: openApi(Hand) })
  hand(@Param('id', new ZodPipe(HandId)) id: string, @CurrentUser() user: Principal): Promise<Hand> {
    return this.queries.execute(new GetHandQuery(user, id));
  }

  @Get(':id/shoe')
  @ApiOperation({ summary: "The shoe a hand was dealt from, once it is retired (ActiveHand while in use)" })
  @ApiOkResponse({ schema: openApi(Shoe) })
  shoe(@Param('id', new ZodPipe(HandId)) id: string, @CurrentUser() user: Principal): Promise<Shoe> {
    return this.queries.execute(new GetHandShoeQuery(user, id));
  }
}
