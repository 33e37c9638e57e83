import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ActionResponse, DealRequest, DealRequestCodes, Hand, HandAction, HandActionResponse, HandList, type LedgerEntry, LedgerEntryList, LedgerPage, LedgerPageQuery, LedgerQuery, PlayerHandsQuery, RetireShoeResponse, Shoe,
} from '@bahati/contracts';
import { z } from 'zod';
import type { Actor } from '../../application/actor';
import { DealHandCommand, PlayHandCommand, RetireShoeCommand } from '../../application/game/commands';
import { GetHandQuery, GetHandShoeQuery, GetLedgerPageQuery, GetLedgerQuery, GetShoeQuery, ListHandsQuery } from '../../application/game/queries';
import { CorrelationId, CurrentActor } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const HandId = z.uuid('Invalid hand id.');
const ShoeId = z.uuid('Invalid ShoeId.');
const PlayerIdParam = z.union([z.literal('1234'), z.uuid()], { error: 'the player id is a UUID, or 1234 for you' });

/** The game: hands, shoes and the ledger. */
@ApiTags('game')
@ApiBearerAuth()
@Controller()
export class GameController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post('hands')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deal a new hand: stakes the bet; the first hand of a shoe fixes the player seed' })
  @ApiBody({ schema: openApi(DealRequest) })
  @ApiOkResponse({ schema: openApi(ActionResponse) })
  deal(@Body(new ZodPipe(DealRequest, DealRequestCodes)) body: z.infer<typeof DealRequest>, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<ActionResponse> {
    return this.commands.execute(new DealHandCommand(actor, body.betAmount, body.playerSeed ?? null, id));
  }

  @Put('hands/:action')
  @ApiOperation({ summary: 'Act on the hand in play: hit, double, stand, split, insurance, noinsurance, evenmoney, noevenmoney' })
  @ApiOkResponse({ schema: openApi(HandActionResponse) })
  act(@Param('action', new ZodPipe(HandAction)) action: z.infer<typeof HandAction>, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<HandActionResponse> {
    return this.commands.execute(new PlayHandCommand(actor, action, id));
  }

  @Get('hands/:id')
  @ApiOperation({ summary: 'One of your hands' })
  @ApiOkResponse({ schema: openApi(Hand) })
  hand(@Param('id', new ZodPipe(HandId)) id: string, @CurrentActor() actor: Actor): Promise<Hand> {
    return this.queries.execute(new GetHandQuery(actor, id));
  }

  @Get('hands/:id/shoe')
  @ApiOperation({ summary: 'The shoe a hand was dealt from, once it is retired (ActiveHand while in use)' })
  @ApiOkResponse({ schema: openApi(Shoe) })
  handShoe(@Param('id', new ZodPipe(HandId)) id: string, @CurrentActor() actor: Actor): Promise<Shoe> {
    return this.queries.execute(new GetHandShoeQuery(actor, id));
  }

  @Put('shoes/retire')
  @ApiOperation({ summary: 'Retire the current shoe before its fourth hand: reveals its house seed (ledger ShowShoe) and commits the next shoe' })
  @ApiOkResponse({ schema: openApi(RetireShoeResponse) })
  retire(@CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<RetireShoeResponse> {
    return this.commands.execute(new RetireShoeCommand(actor, id));
  }

  @Get('shoes/:id')
  @ApiOperation({ summary: 'One of your shoes: the house seed and the cards only once it is retired' })
  @ApiOkResponse({ schema: openApi(Shoe) })
  shoe(@Param('id', new ZodPipe(ShoeId)) id: string, @CurrentActor() actor: Actor): Promise<Shoe> {
    return this.queries.execute(new GetShoeQuery(actor, id));
  }

  @Get('players/ledger')
  @ApiOperation({ summary: 'Your ledger for one local day: d, m, y and o (time-zone offset in minutes, as getTimezoneOffset gives it)' })
  @ApiOkResponse({ schema: openApi(LedgerEntryList) })
  ledger(@Query(new ZodPipe(LedgerQuery)) day: z.infer<typeof LedgerQuery>, @CurrentActor() actor: Actor): Promise<LedgerEntry[]> {
    return this.queries.execute(new GetLedgerQuery(actor, day));
  }

  @Get('players/ledger/page')
  @ApiOperation({ summary: 'A page of your ledger for one local day, newest first (?offset&limit, default 100, at most 500), with the whole day\'s totals' })
  @ApiOkResponse({ schema: openApi(LedgerPage) })
  ledgerPage(@Query(new ZodPipe(LedgerPageQuery)) query: z.infer<typeof LedgerPageQuery>, @CurrentActor() actor: Actor): Promise<LedgerPage> {
    return this.queries.execute(new GetLedgerPageQuery(actor, query));
  }

  @Get('players/:id/hands')
  @ApiOperation({ summary: "A player's hands, newest first, ?offset&limit (default 50, at most 500); X-Total-Count: how many (1234: yours; admins and support read any player's)" })
  @ApiOkResponse({ schema: openApi(HandList) })
  async hands(
    @Param('id', new ZodPipe(PlayerIdParam)) id: string,
    @Query(new ZodPipe(PlayerHandsQuery)) page: z.output<typeof PlayerHandsQuery>,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Hand[]> {
    const { items, total } = await this.queries.execute<ListHandsQuery, { items: Hand[]; total: number }>(new ListHandsQuery(actor, id, page));
    void reply.header('x-total-count', String(total));
    return items;
  }
}
