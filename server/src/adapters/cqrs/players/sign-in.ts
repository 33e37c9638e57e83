import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { playerDecider, playerStream } from '../../../domain/player/player';
import { IdTokenVerifier, InvalidIdTokenError } from '../../identity/id-token-verifier';
import { playerIdFor } from '../../identity/player-id';
import { SessionTokens } from '../../identity/session-tokens';
import { ProjectionRunner } from '../../../projections/runner';
import { CommandPath } from '../command-path';
import { UnauthorizedException } from '@nestjs/common';

export class SignInCommand {
  constructor(
    readonly idToken: string,
    readonly photoUrl: string | null,
    readonly correlationId: string,
  ) {}
}

/** Verifies the ID token, registers the player on first sign-in, and issues a session token. */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, { jwt: string }> {
  constructor(
    @Inject(IdTokenVerifier) private readonly verifier: IdTokenVerifier,
    private readonly commands: CommandPath,
    private readonly projections: ProjectionRunner,
    private readonly tokens: SessionTokens,
  ) {}

  async execute(command: SignInCommand): Promise<{ jwt: string }> {
    let identity;
    try {
      identity = await this.verifier.verify(command.idToken);
    } catch (err) {
      if (err instanceof InvalidIdTokenError) {
        throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: `Sign-in was refused: ${err.message}` });
      }
      throw err;
    }
    const playerId = playerIdFor(identity.subject);
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
        now: new Date().toISOString(),
      },
      { correlationId: command.correlationId, userId: playerId },
    );
    await this.projections.waitFor(outcome.checkpoint);
    return { jwt: this.tokens.issue({ sub: playerId, email: identity.email }) };
  }
}
