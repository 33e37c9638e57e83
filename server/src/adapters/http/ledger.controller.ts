import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Hand, HandList, type LedgerEntry, LedgerEntryList, LedgerQuery } from '@bahati/contracts';
import { z } from 'zod';
import { GetLedgerQuery, ListHandsQuery } from '../../application/game/queries';
import { CurrentUser, type Principal } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

type Day = z.infer<typeof LedgerQuery>;
const PlayerIdParam = z.union([z.literal('1234'), z.uuid()], { error: 'the player id is a UUID, or 1234 for you' });

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class LedgerController {
  constructor(private readonly queries: QueryBus) {}

  @Get('ledger')
  @ApiOperation({ summary: "Your ledger for one local day: d, m, y and o (time-zone offset in minutes, as getTimezoneOffset gives it)" })
  @ApiOkResponse({ schema: openApi(LedgerEntryList) })
  ledger(@Query(new ZodPipe(LedgerQuery)) day: Day, @CurrentUser() user: Principal): Promise<LedgerEntry[]> {
    return this.queries.execute(new GetLedgerQuery(user, day));
  }

  @Get(':id/hands')
  @ApiOperation({ summary: "A player's hands, newest first (1234: yours; an admin may read any player's)" })
  @ApiOkResponse({ schema: openApi(HandList) })
  hands(@Param('id', new ZodPipe(PlayerIdParam)) id: string, @CurrentUser() user: Principal): Promise<Hand[]> {
    return this.queries.execute(new ListHandsQuery(user, id));
  }
}
