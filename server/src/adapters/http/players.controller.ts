import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoginRequest, LoginResponse, Player, PriceFigure } from '@bahati/contracts';
import type { FastifyRequest } from 'fastify';
import { SignInCommand } from '../../application/players/sign-in';
import { GetBankQuery, GetPlayerQuery } from '../../application/players/queries';
import { PriceSource } from '../price/price-source';
import { CurrentUser, type Principal, Public } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class PlayersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly price: PriceSource,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with an ID token; registers the player on first sign-in' })
  @ApiBody({ schema: openApi(LoginRequest) })
  @ApiOkResponse({ schema: openApi(LoginResponse) })
  login(@Body(new ZodPipe(LoginRequest)) body: LoginRequest, @Req() req: FastifyRequest): Promise<LoginResponse> {
    return this.commands.execute(new SignInCommand(body.idToken, body.photoUrl ?? null, String(req.id), req.ip));
  }

  @Get('1234')
  @ApiOperation({ summary: 'The signed-in player' })
  @ApiOkResponse({ schema: openApi(Player) })
  me(@CurrentUser() user: Principal): Promise<Player> {
    return this.queries.execute(new GetPlayerQuery(user.playerId));
  }

  @Get('bank')
  @ApiOperation({ summary: "The signed-in player's bank in satoshis" })
  @ApiOkResponse({ schema: { type: 'integer' } })
  bank(@CurrentUser() user: Principal): Promise<number> {
    return this.queries.execute(new GetBankQuery(user.playerId));
  }

  @Get('bcvalue')
  @ApiOperation({ summary: 'The BTC price figure used for dollar values' })
  @ApiOkResponse({ schema: openApi(PriceFigure) })
  bcvalue(): Promise<PriceFigure> {
    return this.price.current();
  }
}
