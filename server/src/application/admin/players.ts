import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PlayerPage, PlayersQuery, SuspectLevelResponse, SuspectRecordPage, SuspectRecordsQuery } from '@bahati/contracts';
import { playerDecider, playerStream } from '../../domain/player/player';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { type Actor, assertAdmin, assertStaff } from '../actor';
import { CommandPath } from '../command-path';
import { NotFoundError } from '../errors';
import { PlayerReadModel, ReadModelProgress, SuspectReadModel } from '../ports/read-models';

const DAY_MS = 86_400_000;
const noSuchPlayer = () => new NotFoundError('NotFound', 'No such player.');

/** Every player, paged and searched by e-mail (admins and support). */
export class ListPlayersQuery {
  constructor(readonly actor: Actor, readonly query: PlayersQuery) {}
}

@QueryHandler(ListPlayersQuery)
export class ListPlayersHandler implements IQueryHandler<ListPlayersQuery, PlayerPage> {
  constructor(private readonly players: PlayerReadModel, @Inject(AppConfigToken) private readonly config: Pick<AppConfig, 'adminEmails' | 'supportEmails'>) {}

  async execute({ actor, query }: ListPlayersQuery): Promise<PlayerPage> {
    assertStaff(actor);
    const { q, sort, dir, suspectMin, banned, role, activeDays, offset, limit } = query;
    const { items, total } = await this.players.players(
      {
        q, sort, dir, suspectMin, role,
        banned: banned === undefined ? undefined : banned === 'yes',
        configuredStaff: { admin: [...this.config.adminEmails], support: [...this.config.supportEmails] },
        activeSince: activeDays === undefined ? undefined : new Date(Date.now() - activeDays * DAY_MS),
      },
      offset,
      limit,
    );
    return { items, total, offset, limit };
  }
}

/** A player's suspect level and records, newest first (admins and support). */
export class GetSuspectRecordsQuery {
  constructor(readonly actor: Actor, readonly playerId: string, readonly page: SuspectRecordsQuery) {}
}

@QueryHandler(GetSuspectRecordsQuery)
export class GetSuspectRecordsHandler implements IQueryHandler<GetSuspectRecordsQuery, SuspectRecordPage> {
  constructor(private readonly suspects: SuspectReadModel, private readonly commands: CommandPath) {}

  async execute({ actor, playerId, page }: GetSuspectRecordsQuery): Promise<SuspectRecordPage> {
    assertStaff(actor);
    const [records, suspectLevel, player] = await Promise.all([
      this.suspects.suspectRecords(playerId, page.offset, page.limit),
      this.suspects.suspectLevel(playerId),
      this.commands.load(playerStream(playerId), playerDecider),
    ]);
    if (!player.state.registered) throw noSuchPlayer();
    return { playerId, suspectLevel, ...records, offset: page.offset, limit: page.limit };
  }
}

/** An admin sets a player's suspect level (0-100): `SuspectLevelSet` on the player stream, an AdminManualChange record naming the admin. */
export class SetSuspectLevelCommand {
  constructor(readonly actor: Actor, readonly playerId: string, readonly level: number, readonly correlationId: string, readonly reason: string) {}
}

@CommandHandler(SetSuspectLevelCommand)
export class SetSuspectLevelHandler implements ICommandHandler<SetSuspectLevelCommand, SuspectLevelResponse> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress, private readonly suspects: SuspectReadModel) {}

  async execute(c: SetSuspectLevelCommand): Promise<SuspectLevelResponse> {
    assertAdmin(c.actor);
    const { state } = await this.commands.load(playerStream(c.playerId), playerDecider);
    if (!state.registered) throw noSuchPlayer();
    // The level the admin changes, as the read model shows it once it holds every event stored now (the detector's
    // latest change too): the audit trail says "set to X (from Y)".
    await this.progress.caughtUpAll();
    const from = await this.suspects.suspectLevel(c.playerId);
    const outcome = await this.commands.handle(
      playerStream(c.playerId),
      playerDecider,
      { type: 'SetSuspectLevel', level: c.level, from, adminId: c.actor.playerId, reason: c.reason, now: new Date().toISOString() },
      { correlationId: c.correlationId, userId: c.actor.playerId },
    );
    // The suspect level is an analytic read model: the admin's next look (and the next change's "from") must find this one.
    await this.progress.waitForAll(outcome.checkpoint);
    // An admin's change sets the level: it is the level now whatever was recorded before.
    return { id: c.playerId, suspectLevel: c.level };
  }
}

export const adminPlayerHandlers = [ListPlayersHandler, GetSuspectRecordsHandler, SetSuspectLevelHandler];
