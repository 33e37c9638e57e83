import { Controller, Get, Query, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PlayerEventsHub } from '../../application/money/player-events';
import { InvalidSessionError, SessionTokens } from '../identity/session-tokens';
import { Public } from './auth';

/**
 * Server-sent events for the player's screens. EventSource cannot send an Authorization header, so
 * this one route takes the session token as `?token=`, verified exactly like the header.
 */
@ApiTags('money')
@Controller('players')
export class PlayerEventsController {
  constructor(
    private readonly hub: PlayerEventsHub,
    private readonly tokens: SessionTokens,
  ) {}

  @Public()
  @Get('events')
  @ApiOperation({ summary: 'Server-sent events: InvoiceSettled, DepositConfirmed, BankChanged, … (JSON per message)' })
  @ApiQuery({ name: 'token', required: true, description: 'The session jwt' })
  events(@Query('token') token: string | undefined, @Res() reply: FastifyReply): void {
    let playerId: string;
    try {
      if (!token) throw new InvalidSessionError('missing');
      playerId = this.tokens.verify(token).sub;
    } catch (err) {
      if (err instanceof InvalidSessionError) {
        throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired or is not valid; sign in again.' });
      }
      throw err;
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    raw.write('retry: 3000\n: connected\n\n');
    const stop = this.hub.listen(playerId, (event) => raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
    heartbeat.unref();
    raw.on('close', () => {
      clearInterval(heartbeat);
      stop();
    });
  }
}
