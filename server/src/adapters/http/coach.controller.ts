import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CoachHandReport, CoachWeek } from '@bahati/contracts';
import { z } from 'zod';
import type { Actor } from '../../application/actor';
import { GetCoachHandQuery, GetCoachWeekQuery } from '../../application/coach/queries';
import { CurrentActor } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const HandId = z.uuid('Invalid hand id.');

/** The strategy coach: a settled hand's decisions that differed from basic strategy, and the player's week. */
@ApiTags('game')
@ApiBearerAuth()
@Controller()
export class CoachController {
  constructor(private readonly queries: QueryBus) {}

  @Get('players/coach/hands/:id')
  @ApiOperation({ summary: "The coach's report of one of your settled hands: each decision that differed from basic strategy and its cost in expected value (ready: false until judged)" })
  @ApiOkResponse({ schema: openApi(CoachHandReport) })
  hand(@Param('id', new ZodPipe(HandId)) id: string, @CurrentActor() actor: Actor): Promise<CoachHandReport> {
    return this.queries.execute(new GetCoachHandQuery(actor, id));
  }

  @Get('players/coach/week')
  @ApiOperation({ summary: 'Expected value your decisions gave away over the last 7 days, by the coach' })
  @ApiOkResponse({ schema: openApi(CoachWeek) })
  week(@CurrentActor() actor: Actor): Promise<CoachWeek> {
    return this.queries.execute(new GetCoachWeekQuery(actor));
  }
}
