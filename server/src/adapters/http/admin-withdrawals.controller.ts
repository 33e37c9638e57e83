import { Controller, Get, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { WithdrawDecisionQuery, WithdrawRequestList, WithdrawRequestView } from '@bahati/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Withdrawals } from '../../application/money/withdrawals';
import { MoneyRepository } from '../read-models/money.repository';
import { AdminOnly, CurrentUser, type Principal } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

/** Admins review withdrawal requests; approval pays out through the Lightning node, once. */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('players')
export class AdminWithdrawalsController {
  constructor(
    private readonly withdrawals: Withdrawals,
    private readonly money: MoneyRepository,
  ) {}

  @Get('adminwithdrawrequests')
  @ApiOperation({ summary: 'Every withdrawal request, newest first' })
  @ApiOkResponse({ schema: openApi(WithdrawRequestList) })
  all() {
    return this.money.withdrawRequests();
  }

  @Put('approvewithdrawrequest')
  @ApiOperation({ summary: 'Approve a Created request and pay it out (repeating it never pays twice)' })
  @ApiQuery({ name: 'id', required: true })
  @ApiOkResponse({ schema: openApi(WithdrawRequestView) })
  approve(@Query(new ZodPipe(WithdrawDecisionQuery)) q: z.output<typeof WithdrawDecisionQuery>, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<WithdrawRequestView> {
    return this.withdrawals.approve(user.playerId, q.id, { correlationId: String(req.id), userId: user.playerId });
  }

  @Put('declinewithdrawrequest')
  @ApiOperation({ summary: 'Decline a Created request; the amount goes back to the bank' })
  @ApiQuery({ name: 'id', required: true })
  @ApiOkResponse({ schema: openApi(WithdrawRequestView) })
  decline(@Query(new ZodPipe(WithdrawDecisionQuery)) q: z.output<typeof WithdrawDecisionQuery>, @CurrentUser() user: Principal, @Req() req: FastifyRequest): Promise<WithdrawRequestView> {
    return this.withdrawals.decline(user.playerId, q.id, { correlationId: String(req.id), userId: user.playerId });
  }
}
