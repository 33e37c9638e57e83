import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Bonus, BonusDecisionResponse, BonusList } from '@bahati/contracts';
import { z } from 'zod';
import type { Actor } from '../../application/actor';
import { DecideBonusCommand } from '../../application/bonuses/commands';
import { ListBonusesQuery } from '../../application/bonuses/queries';
import { CorrelationId, CurrentActor } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const BonusId = z.uuid('Invalid bonus id.');

/** The player's bonuses: the list, and accepting or declining an offer. */
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
}
