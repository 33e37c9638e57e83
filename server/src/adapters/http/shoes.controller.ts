import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NextShoe, RetireShoeResponse, SEED_PATTERN, Shoe } from '@bahati/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CommitShoeCommand, RetireShoeCommand } from '../../application/game/commands';
import { GetShoeQuery } from '../../application/game/queries';
import { CurrentUser, type Principal } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const ShoeId = z.uuid('Invalid ShoeId.');

@ApiTags('shoes')
@ApiBearerAuth()
@Controller('shoes')
export class ShoesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Put('retire')
  @ApiOperation({ summary: 'Retire the current shoe before its fourth hand: reveals its house seed (ledger ShowShoe) and commits the next shoe' })
  @ApiOkResponse({ schema: openApi(RetireShoeResponse) })
  retire(@CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<RetireShoeResponse> {
    return this.commands.execute(new RetireShoeCommand(user.playerId, String(req.id)));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your shoes: the house seed and the cards only once it is retired' })
  @ApiOkResponse({ schema: openApi(Shoe) })
  shoe(@Param('id', new ZodPipe(ShoeId)) id: string, @CurrentUser() user: Principal): Promise<Shoe> {
    return this.queries.execute(new GetShoeQuery(user, id));
  }
}

export const DevShoeRequest = z.object({ houseSeed: z.string().regex(SEED_PATTERN, 'houseSeed must be 43 base64 characters and a final =') });

/** Development only: start the next shoe from a chosen house seed, so browser tests can deal known cards. */
@ApiTags('development')
@ApiBearerAuth()
@Controller('dev')
export class DevShoesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('shoe')
  @HttpCode(200)
  @ApiOperation({ summary: 'Retire the current shoe (between hands) and commit one with the given house seed' })
  @ApiBody({ schema: openApi(DevShoeRequest) })
  @ApiOkResponse({ schema: openApi(NextShoe) })
  async shoe(@Body(new ZodPipe(DevShoeRequest)) body: z.infer<typeof DevShoeRequest>, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<NextShoe> {
    const { id, houseSeedHash } = await this.commands.execute(new CommitShoeCommand(user.playerId, String(req.id), body.houseSeed));
    return { id, houseSeedHash };
  }
}
