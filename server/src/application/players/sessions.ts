import { Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { playerDecider, playerStream } from '../../domain/player/player';
import type { Actor } from '../actor';
import { CommandPath } from '../command-path';
import { DomainError } from '../../domain/decider';
import { ReadModelProgress, SessionReadModel } from '../ports/read-models';
import { remember } from '../remember';

/**
 * How long this process trusts what it read of a session. An ended session therefore answers 401 on
 * every instance at most this long after its logout (or ban) was answered, which waits for the read model.
 */
export const SESSION_RECHECK_MS = 1000;

interface Known {
  playerId: string;
  open: boolean;
  /** When the read that gave this answer started: the answer is at least this fresh. */
  readAt: number;
}

/**
 * Whether a session token's session is still open, from the `sessions` read model. Each session is read at
 * most once a second per process (one primary-key lookup, shared by the requests that arrive meanwhile),
 * so a player's burst of requests costs one read, and the cost grows with the sessions in use, not the
 * requests. Bounded: the least recently used sessions are forgotten first.
 */
@Injectable()
export class SessionDirectory {
  private readonly logger = new Logger('SessionDirectory');
  private readonly known = new Map<string, Known>();
  private readonly reading = new Map<string, Promise<Known | null>>();
  private readonly limit = 50_000;

  constructor(private readonly sessions: SessionReadModel) {}

  /** True while the session is open and belongs to the player; a session the read model does not know is not open. */
  async isOpen(sessionId: string, playerId: string): Promise<boolean> {
    const known = this.known.get(sessionId);
    const fresh = known && Date.now() - known.readAt < SESSION_RECHECK_MS ? known : await this.read(sessionId, known);
    return fresh !== null && fresh.open && fresh.playerId === playerId;
  }

  /** Reads the session again on its next request (after this process ended it). */
  forget(sessionId: string): void {
    this.known.delete(sessionId);
  }

  /** Reads every session of the player again on its next request (after this process ended them all). */
  forgetPlayer(playerId: string): void {
    for (const [id, known] of this.known) if (known.playerId === playerId) this.known.delete(id);
  }

  private read(sessionId: string, last: Known | undefined): Promise<Known | null> {
    let pending = this.reading.get(sessionId);
    if (!pending) {
      const readAt = Date.now();
      pending = this.sessions
        .find(sessionId)
        .then((row) => {
          if (!row) {
            this.known.delete(sessionId);
            return null;
          }
          const known = { ...row, readAt };
          // Never let a slower, older read replace a newer answer (an ended session stays ended).
          const current = this.known.get(sessionId);
          if (!current || current.readAt <= readAt) remember(this.known, sessionId, known, this.limit);
          return known;
        })
        .catch((err: unknown) => {
          // While the read model cannot be read, the last answer stands (up to the token's own expiry); a session never read is refused.
          this.logger.error(`Could not read a session: ${err instanceof Error ? err.message : String(err)}`);
          return last ?? null;
        })
        .finally(() => this.reading.delete(sessionId));
      this.reading.set(sessionId, pending);
    }
    return pending;
  }
}

/** The player signs out of the session the request came with. */
export class LogoutCommand {
  constructor(readonly actor: Actor, readonly correlationId: string) {}
}

/** The player signs out of every session, this one included. */
export class LogoutEverywhereCommand {
  constructor(readonly actor: Actor, readonly correlationId: string) {}
}

/** Ends the session on `player-<id>`, waits for the read model, and drops what this process remembers of it. */
@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand, void> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress, private readonly directory: SessionDirectory) {}

  async execute({ actor, correlationId }: LogoutCommand): Promise<void> {
    const sessionId = actor.sessionId;
    if (!sessionId) throw new DomainError('Unauthorized', 'This request has no session to end.');
    const command = { type: 'EndSession' as const, sessionId, now: new Date().toISOString() };
    const outcome = await this.commands.handle(playerStream(actor.playerId), playerDecider, command, { correlationId, userId: actor.playerId });
    await this.progress.waitFor(outcome.checkpoint);
    this.directory.forget(sessionId);
  }
}

@CommandHandler(LogoutEverywhereCommand)
export class LogoutEverywhereHandler implements ICommandHandler<LogoutEverywhereCommand, void> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress, private readonly directory: SessionDirectory) {}

  async execute({ actor, correlationId }: LogoutEverywhereCommand): Promise<void> {
    const command = { type: 'EndAllSessions' as const, now: new Date().toISOString() };
    const outcome = await this.commands.handle(playerStream(actor.playerId), playerDecider, command, { correlationId, userId: actor.playerId });
    await this.progress.waitFor(outcome.checkpoint);
    this.directory.forgetPlayer(actor.playerId);
  }
}

export const sessionHandlers = [LogoutHandler, LogoutEverywhereHandler];
