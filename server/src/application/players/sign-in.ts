import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../domain/decider';
import { playerDecider, playerStream } from '../../domain/player/player';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { CommandPath } from '../command-path';
import { CommitShoeCommand } from '../game/commands';
import { GeoLocator, isBlocked } from '../ports/geo';
import { IdTokenVerifier, InvalidIdTokenError, SessionIssuer } from '../ports/identity';
import { ReadModelProgress } from '../ports/read-models';
import { playerIdFor } from './player-id';

export class SignInCommand {
  constructor(
    readonly idToken: string,
    readonly photoUrl: string | null,
    readonly correlationId: string,
    /** The client's IP as Fastify sees it (X-Forwarded-For only from TRUST_PROXY proxies), for geolocation. */
    readonly clientIp?: string,
  ) {}
}

/** Verifies the ID token, registers the player on first sign-in, and issues a session token. */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, { jwt: string }> {
  constructor(
    private readonly verifier: IdTokenVerifier,
    private readonly commands: CommandPath,
    private readonly progress: ReadModelProgress,
    private readonly sessions: SessionIssuer,
    private readonly commandBus: CommandBus,
    private readonly geo: GeoLocator,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute(command: SignInCommand): Promise<{ jwt: string }> {
    if (isBlocked(this.geo, this.config.blockedCountries, command.clientIp).blocked) {
      throw new DomainError('BlockedByGeolocation', 'Bahati is not available in your country.');
    }
    let identity;
    try {
      identity = await this.verifier.verify(command.idToken);
    } catch (err) {
      if (err instanceof InvalidIdTokenError) throw new DomainError('Unauthorized', `Sign-in was refused: ${err.message}`);
      throw err;
    }
    const playerId = playerIdFor(identity.subject);
    const now = new Date();
    // The session is recorded before its token exists, so every token names a session the read model knows.
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.sessions.ttlSeconds * 1000).toISOString();
    const outcome = await this.commands.handle(
      playerStream(playerId),
      playerDecider,
      {
        type: 'SignIn',
        playerId,
        subject: identity.subject,
        email: identity.email,
        name: identity.name,
        photoUrl: command.photoUrl || identity.picture,
        now: now.toISOString(),
        session: { sessionId, expiresAt },
      },
      { correlationId: command.correlationId, userId: playerId },
    );
    // The first shoe's house seed is committed before the player first sees the table (and edits a seed).
    const shoe: { checkpoint: string | null } = await this.commandBus.execute(new CommitShoeCommand({ playerId, roles: [] }, command.correlationId));
    await this.progress.waitFor(shoe.checkpoint ?? outcome.checkpoint);
    return { jwt: this.sessions.issue({ sub: playerId, email: identity.email, sid: sessionId }) };
  }
}
