import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrorBody, LiabilityCommitmentList, LiabilityCommitmentView, LiabilityProofQuery, LiabilityProofView, ReservesView } from '@bahati/contracts';
import type { z } from 'zod';
import type { Actor } from '../../application/actor';
import { CommitLiabilitiesCommand, GetLiabilityCommitmentsQuery, GetLiabilityProofQuery } from '../../application/liabilities/liabilities';
import { GetReservesQuery } from '../../application/liabilities/reserves';
import { AdminOnly, CorrelationId, CurrentActor, Public } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

/** Proof of liabilities: the published commitments, each player's own proof, an admin's commitment now, the reserves beside them. */
@ApiTags('liabilities')
@Controller()
export class LiabilitiesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Public()
  @Get('liabilities')
  @ApiOperation({ summary: 'Every commitment to what the site owes its players, newest first: root hash, total, players, event-store position, time (public)' })
  @ApiOkResponse({ schema: openApi(LiabilityCommitmentList) })
  list(): Promise<LiabilityCommitmentView[]> {
    return this.queries.execute(new GetLiabilityCommitmentsQuery());
  }

  @ApiBearerAuth()
  @Get('players/liabilities/proof')
  @ApiOperation({ summary: 'Your proof that your bank is in a commitment (`latest` or its id): your two leaves with their salts and paths to the root' })
  @ApiQuery({ name: 'commitment', required: false })
  @ApiOkResponse({ schema: openApi(LiabilityProofView) })
  @ApiNotFoundResponse({ description: 'No commitment yet, or your bank was empty at it', schema: openApi(ApiErrorBody) })
  proof(@Query(new ZodPipe(LiabilityProofQuery)) query: z.output<typeof LiabilityProofQuery>, @CurrentActor() actor: Actor): Promise<LiabilityProofView> {
    return this.queries.execute(new GetLiabilityProofQuery(actor, query.commitment));
  }

  @ApiBearerAuth()
  @AdminOnly()
  @Post('admin/liabilities')
  @HttpCode(200)
  @ApiOperation({ summary: 'Commit to every bank now, besides the daily commitment (admins)' })
  @ApiOkResponse({ schema: openApi(LiabilityCommitmentView) })
  commit(@CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<LiabilityCommitmentView> {
    return this.commands.execute(new CommitLiabilitiesCommand(actor, id));
  }

  @ApiBearerAuth()
  @AdminOnly()
  @Get('admin/reserves')
  @ApiOperation({
    summary:
      'What a watch-only server sees of the coins held (confirmed unspent outputs of the deposit addresses, the Lightning node\'s channels and wallet) beside the newest commitment and the banks now, with the ratio (admins)',
  })
  @ApiOkResponse({ schema: openApi(ReservesView) })
  reserves(@CurrentActor() actor: Actor): Promise<ReservesView> {
    return this.queries.execute(new GetReservesQuery(actor));
  }
}
