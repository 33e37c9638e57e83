import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AnimateResponse, BanResponse, SelfExcludeResponse } from '@bahati/contracts';
import { type PlayerCommand, pendingLiftAt, playerDecider, playerStream, selfExcludedAt } from '../../domain/player/player';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { type Actor, assertAdmin } from '../actor';
import { CommandPath } from '../command-path';
import { NotFoundError } from '../errors';
import { ReadModelProgress } from '../ports/read-models';
import { SessionDirectory } from './sessions';
import { StaffDirectory } from '../admin/staff';

/** The player excludes themself from play and deposits (true, which also cancels a lift waiting), or asks to end it after the cooling-off (false). */
export class SetSelfExclusionCommand {
  constructor(readonly actor: Actor, readonly selfExcluded: boolean, readonly correlationId: string) {}
}
/** The player's deal-animation preference. */
export class SetAnimationCommand {
  constructor(readonly actor: Actor, readonly animate: boolean, readonly correlationId: string) {}
}
/** An admin bans (true) or unbans (false) a player. */
export class SetBanCommand {
  constructor(readonly actor: Actor, readonly playerId: string, readonly banned: boolean, readonly correlationId: string, readonly reason?: string) {}
}

/** Runs a command on `player-<id>` and waits until the read models show it (the next GET players/1234 does). */
async function onPlayer(commands: CommandPath, progress: ReadModelProgress, playerId: string, command: PlayerCommand, actor: Actor, correlationId: string) {
  const outcome = await commands.handle(playerStream(playerId), playerDecider, command, { correlationId, userId: actor.playerId });
  await progress.waitFor(outcome.checkpoint);
  return outcome.state;
}

@CommandHandler(SetSelfExclusionCommand)
export class SetSelfExclusionHandler implements ICommandHandler<SetSelfExclusionCommand, SelfExcludeResponse> {
  constructor(
    private readonly commands: CommandPath,
    private readonly progress: ReadModelProgress,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute(c: SetSelfExclusionCommand): Promise<SelfExcludeResponse> {
    const now = new Date().toISOString();
    const command = { type: 'SetSelfExclusion' as const, selfExcluded: c.selfExcluded, coolingOffMs: this.config.selfExclusionCoolingOffMs, now };
    const state = await onPlayer(this.commands, this.progress, c.actor.playerId, command, c.actor, c.correlationId);
    return { selfExclude: selfExcludedAt(state, now), selfExclusionLiftsAt: pendingLiftAt(state, now) };
  }
}

@CommandHandler(SetAnimationCommand)
export class SetAnimationHandler implements ICommandHandler<SetAnimationCommand, AnimateResponse> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress) {}

  async execute(c: SetAnimationCommand): Promise<AnimateResponse> {
    const command = { type: 'SetAnimation' as const, animate: c.animate, now: new Date().toISOString() };
    const state = await onPlayer(this.commands, this.progress, c.actor.playerId, command, c.actor, c.correlationId);
    return { animate: state.animate };
  }
}

@CommandHandler(SetBanCommand)
export class SetBanHandler implements ICommandHandler<SetBanCommand, BanResponse> {
  constructor(
    private readonly commands: CommandPath,
    private readonly progress: ReadModelProgress,
    private readonly sessions: SessionDirectory,
    private readonly staff: StaffDirectory,
  ) {}

  async execute(c: SetBanCommand): Promise<BanResponse> {
    assertAdmin(c.actor);
    const { state: player } = await this.commands.load(playerStream(c.playerId), playerDecider);
    if (!player.registered) throw new NotFoundError('NotFound', 'No such player.');
    const now = new Date().toISOString();
    const command = c.banned
      ? { type: 'Ban' as const, adminId: c.actor.playerId, reason: c.reason ?? '', now }
      : { type: 'Unban' as const, adminId: c.actor.playerId, reason: c.reason, now };
    const state = await onPlayer(this.commands, this.progress, c.playerId, command, c.actor, c.correlationId);
    // The ban ended every session of the player (same append); this process stops trusting them at once.
    if (c.banned) this.sessions.forgetPlayer(c.playerId);
    // A ban lifts any staff role the player has: this process reads who is banned again at once, others within a second.
    this.staff.forget();
    return { id: c.playerId, banned: state.banned };
  }
}

export const playerCommandHandlers = [SetSelfExclusionHandler, SetAnimationHandler, SetBanHandler];
