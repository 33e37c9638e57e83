import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AnimateResponse, BanResponse, BooleanParam, OptionalStaffReasonRequest, StaffReasonRequest, LimitsRequest, LoginRequest, LoginResponse, Player, PlayerLimits, PriceFigure, SelfExcludeResponse, type SessionEndReason,
} from '@bahati/contracts';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { Actor } from '../../application/actor';
import { PlayerEventsHub } from '../../application/money/player-events';
import { SetAnimationCommand, SetBanCommand, SetSelfExclusionCommand } from '../../application/players/commands';
import { GetLimitsQuery, SetLimitsCommand } from '../../application/players/limits';
import { SignInCommand } from '../../application/players/sign-in';
import { LogoutCommand, LogoutEverywhereCommand } from '../../application/players/sessions';
import { GetBankQuery, GetPlayerQuery, GetPriceQuery } from '../../application/players/queries';
import { AdminOnly, CorrelationId, CurrentActor, Public } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

const PlayerId = z.uuid('Invalid player id.');

/** Sign-in, the signed-in player, their bank, the price figure, and the player's live updates. */
@ApiTags('players')
@ApiBearerAuth()
@Controller()
export class PlayersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly hub: PlayerEventsHub,
  ) {}

  @Public()
  @Post('players/login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with an ID token; registers the player on first sign-in' })
  @ApiBody({ schema: openApi(LoginRequest) })
  @ApiOkResponse({ schema: openApi(LoginResponse) })
  login(@Body(new ZodPipe(LoginRequest)) body: LoginRequest, @CorrelationId() id: string, @Req() req: FastifyRequest): Promise<LoginResponse> {
    return this.commands.execute(new SignInCommand(body.idToken, body.photoUrl ?? null, id, req.ip));
  }

  @Post('players/logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: the session token of this request answers 401 from now on, on every server within a second' })
  logout(@CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<void> {
    return this.commands.execute(new LogoutCommand(actor, id));
  }

  @Post('players/logout-all')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out everywhere: every session token of the player, this one included, answers 401 from now on' })
  logoutAll(@CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<void> {
    return this.commands.execute(new LogoutEverywhereCommand(actor, id));
  }

  @Get('players/1234')
  @ApiOperation({ summary: 'The signed-in player' })
  @ApiOkResponse({ schema: openApi(Player) })
  me(@CurrentActor() actor: Actor): Promise<Player> {
    return this.queries.execute(new GetPlayerQuery(actor));
  }

  @Get('players/bank')
  @ApiOperation({ summary: "The signed-in player's bank in satoshis" })
  @ApiOkResponse({ schema: { type: 'integer' } })
  bank(@CurrentActor() actor: Actor): Promise<number> {
    return this.queries.execute(new GetBankQuery(actor));
  }

  @Get('players/bcvalue')
  @ApiOperation({ summary: 'The BTC price figure used for dollar values' })
  @ApiOkResponse({ schema: openApi(PriceFigure) })
  bcvalue(): Promise<PriceFigure> {
    return this.queries.execute(new GetPriceQuery());
  }

  @Post('players/selfexclude/:value')
  @HttpCode(200)
  @ApiOperation({ summary: 'Exclude yourself from play and deposits (true) or end it (false); withdrawals stay open' })
  @ApiOkResponse({ schema: openApi(SelfExcludeResponse) })
  selfExclude(@Param('value', new ZodPipe(BooleanParam)) value: boolean, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<SelfExcludeResponse> {
    return this.commands.execute(new SetSelfExclusionCommand(actor, value, id));
  }

  @Get('players/limits')
  @ApiOperation({ summary: 'Your own deposit and loss limits and session reminder, what is pending, and what each window has used' })
  @ApiOkResponse({ schema: openApi(PlayerLimits) })
  limits(@CurrentActor() actor: Actor): Promise<PlayerLimits> {
    return this.queries.execute(new GetLimitsQuery(actor));
  }

  @Put('players/limits')
  @ApiOperation({ summary: 'Set your limits: a tighter one applies at once, a looser one (or removing one) after 24 hours; null removes' })
  @ApiBody({ schema: openApi(LimitsRequest) })
  @ApiOkResponse({ schema: openApi(PlayerLimits) })
  setLimits(@Body(new ZodPipe(LimitsRequest)) body: LimitsRequest, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<PlayerLimits> {
    return this.commands.execute(new SetLimitsCommand(actor, body, id));
  }

  @Post('players/animate/:value')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deal animations on (true) or off (false)' })
  @ApiOkResponse({ schema: openApi(AnimateResponse) })
  animate(@Param('value', new ZodPipe(BooleanParam)) value: boolean, @CurrentActor() actor: Actor, @CorrelationId() id: string): Promise<AnimateResponse> {
    return this.commands.execute(new SetAnimationCommand(actor, value, id));
  }

  @AdminOnly()
  @Post('players/:id/ban')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ban a player, with {reason} (3–500 characters, kept in the audit log): every player command then answers Banned (admins)' })
  @ApiBody({ schema: openApi(StaffReasonRequest) })
  @ApiOkResponse({ schema: openApi(BanResponse) })
  ban(
    @Param('id', new ZodPipe(PlayerId)) playerId: string,
    @Body(new ZodPipe(StaffReasonRequest)) body: StaffReasonRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<BanResponse> {
    return this.commands.execute(new SetBanCommand(actor, playerId, true, id, body.reason));
  }

  @AdminOnly()
  @Post('players/:id/unban')
  @HttpCode(200)
  @ApiOperation({ summary: 'Lift a ban, with an optional {reason} for the audit log (admins)' })
  @ApiBody({ schema: openApi(OptionalStaffReasonRequest), required: false })
  @ApiOkResponse({ schema: openApi(BanResponse) })
  unban(
    @Param('id', new ZodPipe(PlayerId)) playerId: string,
    @Body(new ZodPipe(OptionalStaffReasonRequest)) body: OptionalStaffReasonRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() id: string,
  ): Promise<BanResponse> {
    return this.commands.execute(new SetBanCommand(actor, playerId, false, id, body?.reason));
  }

  /**
   * Server-sent events for the player's screens, authenticated by the Authorization header like every
   * other route (the client reads the stream with fetch). A token in the query string is not accepted:
   * URLs end up in logs, proxies and browser histories.
   */
  @Get('players/events')
  // The answer is taken over from Fastify: the request log writes its line when the stream closes.
  @RouteConfig({ stream: true })
  @ApiOperation({ summary: 'Server-sent events: InvoiceSettled, DepositConfirmed, BankChanged, … (JSON per message)' })
  async events(@CurrentActor() actor: Actor, @Res() reply: FastifyReply): Promise<void> {
    const { playerId } = actor;
    const raw = reply.raw;
    let close: (() => void) | null = null;
    let endedEarly = false;
    // A stream ends with its session: told why, then closed (the client's reconnection then meets a 401).
    let endReason: SessionEndReason | undefined;
    const ended = (reason?: SessionEndReason) => {
      endReason ??= reason;
      if (!close) return void (endedEarly = true);
      raw.end(`event: SessionEnded\ndata: ${JSON.stringify({ type: 'SessionEnded', ...(endReason ? { reason: endReason } : {}) })}\n\n`);
      close();
    };
    // Listening before the answer starts: every event appended once the page sees the stream open reaches it.
    const stop = await this.hub.listen(
      playerId,
      (event) => raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      actor.sessionId ? { sessionId: actor.sessionId, onEnded: ended } : undefined,
    );
    reply.hijack();
    const socket = reply.request.raw.socket;
    if (!socket || socket.destroyed) {
      // The page went away while the subscription started.
      stop();
      return;
    }
    raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    raw.write('retry: 3000\n: connected\n\n');
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
    heartbeat.unref();
    // A server shutting down ends the stream; the client reconnects to an instance still serving.
    const forget = this.hub.endOnShutdown(() => raw.end());
    close = () => {
      clearInterval(heartbeat);
      forget();
      stop();
    };
    if (endedEarly) ended(endReason);
    raw.on('close', close);
  }
}
