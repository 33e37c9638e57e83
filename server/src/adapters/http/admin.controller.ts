import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AnalyticsQuery, AnalyticsReport, ApiErrorBody, AuditLogPage, AuditLogQuery, HandAudit, LedgerDayQuery, LedgerDayReport, LedgerRepairRequest, LedgerRepairResponse, PlayerPage, PlayersQuery,
  PlayerOverview, StaffNoteList, StaffNoteRequest, StaffReasonRequest, StaffRolesResponse, SuspectLevelParam, SuspectLevelResponse, SuspectRecordPage, SuspectRecordsQuery,
} from '@bahati/contracts';
import { z } from 'zod';
import type { Actor } from '../../application/actor';
import { ExportAnalyticsQuery, GetAnalyticsQuery } from '../../application/admin/analytics';
import { ExportAuditLogQuery, GetAuditLogQuery } from '../../application/admin/audit-log';
import { AuditHandQuery } from '../../application/admin/hand-audit';
import { GetLedgerDayQuery, RepairLedgerDayCommand } from '../../application/admin/ledger-day';
import { GetSuspectRecordsQuery, ListPlayersQuery, SetSuspectLevelCommand } from '../../application/admin/players';
import { GetStaffRolesQuery } from '../../application/admin/staff';
import { AddStaffNoteCommand, GetPlayerOverviewQuery } from '../../application/admin/player-360';
import { AdminOnly, CorrelationId, CurrentActor, StaffOnly } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const PlayerId = z.uuid('Invalid player id.');
const HandId = z.uuid('Invalid hand id.');
const forbidden = { description: 'Not an admin (or support, where support may)', schema: openApi(ApiErrorBody) };

/**
 * The admins' and support's side: players, suspect records and levels, hand audits, a player's ledger
 * day, analytics. `players` and `players/:id/suspect…` sit beside the player routes: `players/:id/…`
 * routes all have a further segment, so the static player paths (`players/1234`, `players/bank`, …)
 * are never taken for an id, and `GET players` has no id at all.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
export class AdminController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get('admin/roles')
  @ApiOperation({ summary: 'Your staff roles (admin, support); empty for a player' })
  @ApiOkResponse({ schema: openApi(StaffRolesResponse) })
  roles(@CurrentActor() actor: Actor): Promise<StaffRolesResponse> {
    return this.queries.execute(new GetStaffRolesQuery(actor));
  }

  @StaffOnly()
  @Get('players')
  @ApiOperation({
    summary:
      'Every player, ?q (part of the e-mail, or an id) &sort (created, suspect, bank, activity) &dir (desc, asc) &suspectMin (0-100) &banned (yes, no) &role (admin, support, player) &activeDays (1-3650) &offset&limit (admins and support)',
  })
  @ApiOkResponse({ schema: openApi(PlayerPage) })
  @ApiForbiddenResponse(forbidden)
  players(@Query(new ZodPipe(PlayersQuery)) query: z.output<typeof PlayersQuery>, @CurrentActor() actor: Actor): Promise<PlayerPage> {
    return this.queries.execute(new ListPlayersQuery(actor, query));
  }

  @StaffOnly()
  @Get('players/:id/suspect')
  @ApiOperation({ summary: "A player's suspect level and records, newest first, ?offset&limit (admins and support)" })
  @ApiOkResponse({ schema: openApi(SuspectRecordPage) })
  @ApiNotFoundResponse({ description: 'No such player', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  suspect(@Param('id', new ZodPipe(PlayerId)) playerId: string, @Query(new ZodPipe(SuspectRecordsQuery)) page: z.output<typeof SuspectRecordsQuery>, @CurrentActor() actor: Actor): Promise<SuspectRecordPage> {
    return this.queries.execute(new GetSuspectRecordsQuery(actor, playerId, page));
  }

  @AdminOnly()
  @Post('players/:id/suspect/:level')
  @HttpCode(200)
  @ApiOperation({ summary: "Set a player's suspect level, a whole number 0-100, with {reason}; recorded as an AdminManualChange naming you, and in the audit log as set to X (from Y) (admins)" })
  @ApiBody({ schema: openApi(StaffReasonRequest) })
  @ApiOkResponse({ schema: openApi(SuspectLevelResponse) })
  @ApiNotFoundResponse({ description: 'No such player', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  setSuspectLevel(
    @Param('id', new ZodPipe(PlayerId)) playerId: string,
    @Param('level', new ZodPipe(SuspectLevelParam)) level: number,
    @Body(new ZodPipe(StaffReasonRequest)) body: StaffReasonRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<SuspectLevelResponse> {
    return this.commands.execute(new SetSuspectLevelCommand(actor, playerId, level, id, body.reason));
  }

  @StaffOnly()
  @Get('admin/players/:id/overview')
  @ApiOperation({
    summary:
      "A player's 360 view: money totals, deposits, invoices, withdrawals, bonuses (with the codes redeemed), sessions with their addresses, limit and self-exclusion changes, staff notes, and (admins only; null for support) the staff decisions about the player, with the withdrawals' first approvals, reasons and payout errors (admins and support)",
  })
  @ApiOkResponse({ schema: openApi(PlayerOverview) })
  @ApiNotFoundResponse({ description: 'No such player', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  overview(@Param('id', new ZodPipe(PlayerId)) playerId: string, @CurrentActor() actor: Actor): Promise<PlayerOverview> {
    return this.queries.execute(new GetPlayerOverviewQuery(actor, playerId));
  }

  @StaffOnly()
  @Post('admin/players/:id/notes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave a note on a player, {note} (3-500 characters); recorded as StaffNoteAdded naming you, listed in the 360 view and the audit log; answers the notes, newest first (admins and support)' })
  @ApiBody({ schema: openApi(StaffNoteRequest) })
  @ApiOkResponse({ schema: openApi(StaffNoteList) })
  @ApiNotFoundResponse({ description: 'No such player', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  addNote(
    @Param('id', new ZodPipe(PlayerId)) playerId: string,
    @Body(new ZodPipe(StaffNoteRequest)) body: StaffNoteRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<StaffNoteList> {
    return this.commands.execute(new AddStaffNoteCommand(actor, playerId, body.note, id));
  }

  @StaffOnly()
  @Get('admin/hands/:id/audit')
  @ApiOperation({ summary: "A hand audited by replay from the event store: timeline, cards against the revealed seeds, payouts and ledger lines recomputed, verified or each mismatch named (admins and support)" })
  @ApiOkResponse({ schema: openApi(HandAudit) })
  @ApiNotFoundResponse({ description: 'No such hand', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  audit(@Param('id', new ZodPipe(HandId)) handId: string, @CurrentActor() actor: Actor): Promise<HandAudit> {
    return this.queries.execute(new AuditHandQuery(actor, handId));
  }

  @StaffOnly()
  @Get('admin/players/:id/ledger')
  @ApiOperation({ summary: "A player's ledger day (?date=YYYY-MM-DD&tz=+03:00) folded from the events, the read model's, and the difference (admins and support)" })
  @ApiOkResponse({ schema: openApi(LedgerDayReport) })
  @ApiNotFoundResponse({ description: 'No such player', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  ledgerDay(@Param('id', new ZodPipe(PlayerId)) playerId: string, @Query(new ZodPipe(LedgerDayQuery)) day: z.output<typeof LedgerDayQuery>, @CurrentActor() actor: Actor): Promise<LedgerDayReport> {
    return this.queries.execute(new GetLedgerDayQuery(actor, playerId, day));
  }

  @StaffOnly()
  @Post('admin/players/:id/ledger')
  @HttpCode(200)
  @ApiOperation({ summary: "Rewrite a player's ledger rows of the day from the events, {repair: true, reason}; recorded as LedgerDayRepaired with the reason; a matching day is left alone (admins and support)" })
  @ApiBody({ schema: openApi(LedgerRepairRequest) })
  @ApiOkResponse({ schema: openApi(LedgerRepairResponse) })
  @ApiNotFoundResponse({ description: 'No such player', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse(forbidden)
  repairLedgerDay(
    @Param('id', new ZodPipe(PlayerId)) playerId: string,
    @Query(new ZodPipe(LedgerDayQuery)) day: z.output<typeof LedgerDayQuery>,
    @Body(new ZodPipe(LedgerRepairRequest)) body: z.output<typeof LedgerRepairRequest>,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<LedgerRepairResponse> {
    return this.commands.execute(new RepairLedgerDayCommand(actor, playerId, day, id, body.reason));
  }

  @AdminOnly()
  @Get('admin/analytics')
  @ApiOperation({ summary: 'Per UTC day of ?from=YYYY-MM-DD&to=YYYY-MM-DD (at most 366): hands, wagered, gross gaming revenue, realised and published edge, deposits, withdrawals, active players; and over the range: withdrawals requested, paid, declined and cancelled, the realised edge with its 95% confidence interval, results by suspect level (admins)' })
  @ApiOkResponse({ schema: openApi(AnalyticsReport) })
  @ApiForbiddenResponse(forbidden)
  analytics(@Query(new ZodPipe(AnalyticsQuery)) range: z.output<typeof AnalyticsQuery>, @CurrentActor() actor: Actor): Promise<AnalyticsReport> {
    return this.queries.execute(new GetAnalyticsQuery(actor, range));
  }

  @AdminOnly()
  @Get('admin/analytics.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="analytics.csv"')
  @ApiOperation({ summary: "The analytics page's tables of ?from&to as CSV: days, withdrawals, edge, suspect levels, each its name, a header and its rows (admins)" })
  @ApiOkResponse({ description: 'text/csv: per table, its name, a header of the field names and its rows, then an empty line' })
  @ApiForbiddenResponse(forbidden)
  analyticsCsv(@Query(new ZodPipe(AnalyticsQuery)) range: z.output<typeof AnalyticsQuery>, @CurrentActor() actor: Actor): Promise<string> {
    return this.queries.execute(new ExportAnalyticsQuery(actor, range));
  }

  @AdminOnly()
  @Get('admin/audit-log')
  @ApiOperation({ summary: 'Every staff decision, newest first: who, what, on whom, when, why, before and after; ?action&staff (part of the e-mail)&player&from&to (UTC days)&offset&limit (admins)' })
  @ApiOkResponse({ schema: openApi(AuditLogPage) })
  @ApiForbiddenResponse(forbidden)
  auditLog(@Query(new ZodPipe(AuditLogQuery)) query: z.output<typeof AuditLogQuery>, @CurrentActor() actor: Actor): Promise<AuditLogPage> {
    return this.queries.execute(new GetAuditLogQuery(actor, query));
  }

  @AdminOnly()
  @Get('admin/audit-log.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="audit-log.csv"')
  @ApiOperation({ summary: 'The audit log with the same filters as CSV, every matching row (not one page), newest first (admins)' })
  @ApiOkResponse({ description: 'text/csv: a header of the field names, one line per decision' })
  @ApiForbiddenResponse(forbidden)
  auditLogCsv(@Query(new ZodPipe(AuditLogQuery)) query: z.output<typeof AuditLogQuery>, @CurrentActor() actor: Actor): Promise<string> {
    return this.queries.execute(new ExportAuditLogQuery(actor, query));
  }
}
