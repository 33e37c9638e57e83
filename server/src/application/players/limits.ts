import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { LimitsRequest, PlayerLimits } from '@bahati/contracts';
import type { AccountState } from '../../domain/account/account';
import { LIMIT_KINDS, effectiveLimit, limitUsage } from '../../domain/account/limits';
import type { Actor } from '../actor';
import { AccountCommands } from '../account-commands';

/** The player's own limits, what is pending, and what each window has used. */
export class GetLimitsQuery {
  constructor(readonly actor: Actor) {}
}
/** Tighter limits apply at once, looser ones after 24 hours. */
export class SetLimitsCommand {
  constructor(readonly actor: Actor, readonly limits: LimitsRequest, readonly correlationId: string) {}
}

/** The limits as the account holds them at `now` (answered from the account itself, never behind). */
function limitsView(state: AccountState, now: string): PlayerLimits {
  const limits = {} as PlayerLimits['limits'];
  for (const kind of LIMIT_KINDS) {
    const setting = state.limits.settings[kind];
    const value = effectiveLimit(setting, now);
    const pending = setting.pending && setting.pending.effectiveAt > now ? setting.pending : null;
    limits[kind] = { value, pending };
  }
  return { limits, usage: limitUsage(state.limits, now) };
}

@QueryHandler(GetLimitsQuery)
export class GetLimitsHandler implements IQueryHandler<GetLimitsQuery, PlayerLimits> {
  constructor(private readonly accounts: AccountCommands) {}

  async execute({ actor }: GetLimitsQuery): Promise<PlayerLimits> {
    const { state } = await this.accounts.load(actor.playerId);
    return limitsView(state, new Date().toISOString());
  }
}

@CommandHandler(SetLimitsCommand)
export class SetLimitsHandler implements ICommandHandler<SetLimitsCommand, PlayerLimits> {
  constructor(private readonly accounts: AccountCommands) {}

  async execute(c: SetLimitsCommand): Promise<PlayerLimits> {
    const now = new Date().toISOString();
    const { state } = await this.accounts.run(c.actor.playerId, (_state, standing) => ({ type: 'SetLimits', limits: c.limits, standing, now }), { correlationId: c.correlationId });
    return limitsView(state, now);
  }
}

export const limitHandlers = [GetLimitsHandler, SetLimitsHandler];
