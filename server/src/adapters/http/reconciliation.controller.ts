import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorBody, ReconciliationRepairRequest, ReconciliationRepairResponse, ReconciliationReport, ReconciliationRun,
} from '@bahati/contracts';
import { z } from 'zod';
import type { Actor } from '../../application/actor';
import { GetReconciliationQuery, RebuildPlayerReadModelsCommand, RunReconciliationCommand } from '../../application/admin/reconciliation';
import { AdminOnly, CorrelationId, CurrentActor } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const PlayerId = z.uuid('Invalid player id.');
const forbidden = { description: 'Not an admin', schema: openApi(ApiErrorBody) };

/** The reconciliation of each player's bank read model, ledger read model and account events (admins). */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/reconciliation')
export class ReconciliationController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'The last reconciliation run: when, players checked, how long, and each player whose bank, ledger sum and events differ (admins)' })
  @ApiOkResponse({ schema: openApi(ReconciliationReport) })
  @ApiForbiddenResponse(forbidden)
  last(@CurrentActor() actor: Actor): Promise<ReconciliationReport> {
    return this.queries.execute(new GetReconciliationQuery(actor));
  }

  @Post('run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run the reconciliation now and answer it; it becomes the last run (admins)' })
  @ApiOkResponse({ schema: openApi(ReconciliationRun) })
  @ApiForbiddenResponse(forbidden)
  run(@CurrentActor() actor: Actor): Promise<ReconciliationRun> {
    return this.commands.execute(new RunReconciliationCommand(actor));
  }

  @Post(':playerId/repair')
  @HttpCode(200)
  @ApiOperation({ summary: "Rebuild a player's bank row and ledger rows from their account events, {reason} (1-500 characters); recorded as PlayerReadModelsRebuilt (admins)" })
  @ApiBody({ schema: openApi(ReconciliationRepairRequest) })
  @ApiOkResponse({ schema: openApi(ReconciliationRepairResponse) })
  @ApiNotFoundResponse({ description: 'No such player', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  repair(
    @Param('playerId', new ZodPipe(PlayerId)) playerId: string,
    @Body(new ZodPipe(ReconciliationRepairRequest)) body: ReconciliationRepairRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<ReconciliationRepairResponse> {
    return this.commands.execute(new RebuildPlayerReadModelsCommand(actor, playerId, body.reason, id));
  }
}
