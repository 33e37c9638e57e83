import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../domain/decider';
import { playerDecider, playerStream } from '../../domain/player/player';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { CommandPath } from '../command-path';
import { CommitShoeCommand } from '../game/commands';
import { GeoLocator, isBlocked } from '../ports/geo';
import { IdentityProviderUnavailableError, IdTokenVerifier, InvalidIdTokenError, SessionIssuer } from '../ports/identity';
import { RateLimiter } from '../ports/rate-limits';
import { ReadModelProgress } from '../ports/read-models';
import { ValidationError } from '../errors';
import { findControlCharacter } from '../text-check';
import { playerIdFor } from './player-id';

/** How long a sign-in waits for the read models to hold its session before it hands out the token. */
const SESSION_KNOWN_MS = 10_000;

export class SignInCommand {
  constructor(
    readonly idToken: string,
    readonly photoUrl: string | null,
    readonly correlationId: string,
    /** The client's IP as Fastify sees it (X-Forwarded-For only from TRUST_PROXY proxies), for geolocation and the session's record. */
    readonly clientIp?: string,
  ) {}
}

/** Verifies the ID token, registers the player on first sign-in, and issues a session token. */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, { jwt: string }> {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly verifier: IdTokenVerifier,
    private readonly commands: CommandPath,
    private readonly progress: ReadModelProgress,
    private readonly sessions: SessionIssuer,
    private readonly commandBus: CommandBus,
    private readonly geo: GeoLocator,
    private readonly limiter: RateLimiter,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute(command: SignInCommand): Promise<{ jwt: string }> {
    if (isBlocked(this.geo, this.config.blockedCountries, command.clientIp).blocked) {
      throw new DomainError('BlockedByGeolocation', 'Bahati is not available in your country.');
    }
    const limits = this.config.rateLimits;
    // Counted before the token is checked, so a flood of made-up tokens costs the sender, not the server.
    if (limits && command.clientIp) await this.limiter.take('sign-in-ip', command.clientIp, limits.signInPerIp);
    let identity;
    try {
      identity = await this.verifier.verify(command.idToken);
    } catch (err) {
      if (err instanceof InvalidIdTokenError) {
        this.logger.warn(`Sign-in refused: ${err.detail ?? err.message}`);
        throw new DomainError('Unauthorized', `Sign-in was refused: ${err.message}`);
      }
      if (err instanceof IdentityProviderUnavailableError) {
        // The detail (host names, DNS errors) is the operator's; the person signing in only needs to retry.
        this.logger.error(`Sign-in could not verify the ID token: ${err.message}`);
        throw new DomainError('ServiceUnavailable', 'Sign-in is not available right now; please try again in a moment.');
      }
      throw err;
    }
    // The provider's words are input like any other: checked before anything is decided or stored.
    const issue = findControlCharacter({ name: identity.name, email: identity.email, subject: identity.subject }, { multiLine: false });
    if (issue) throw new ValidationError([{ path: issue.path, message: `${issue.message} (from the identity provider)` }]);
    // A picture is shown as the player's photo: only an https address is kept.
    const picture = identity.picture && /^https:\/\//i.test(identity.picture) ? identity.picture : null;
    const playerId = playerIdFor(identity.subject);
    if (limits) await this.limiter.take('sign-in-player', playerId, limits.signInPerPlayer);
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
        photoUrl: command.photoUrl || picture,
        now: now.toISOString(),
        session: { sessionId, expiresAt, ...(command.clientIp ? { address: command.clientIp.slice(0, 64) } : {}) },
      },
      { correlationId: command.correlationId, userId: playerId },
    );
    // The first shoe's house seed is committed before the player first sees the table (and edits a seed).
    const shoe: { checkpoint: string | null } = await this.commandBus.execute(new CommitShoeCommand({ playerId, roles: [] }, command.correlationId));
    // The token is refused until the sessions read model knows its session: under load (another transaction holding
    // the new events back from readers for a moment) the usual read-your-writes wait can be too short for that.
    if (!(await this.progress.waitFor(shoe.checkpoint ?? outcome.checkpoint, SESSION_KNOWN_MS))) {
      this.logger.warn(`The read models had not taken a sign-in after ${SESSION_KNOWN_MS} ms; its token may be refused for a moment`);
    }
    return { jwt: this.sessions.issue({ sub: playerId, email: identity.email, sid: sessionId }) };
  }
}
