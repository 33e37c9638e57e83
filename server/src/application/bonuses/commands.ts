import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Bonus, BonusDecisionResponse } from '@bahati/contracts';
import type { AccountState } from '../../domain/account/account';
import type { Actor } from '../actor';
import { AccountCommands } from '../account-commands';

/** `accept`: credits the offered bonus and starts its playthrough; `decline`: moves nothing. Only an Offered bonus. */
export class DecideBonusCommand {
  constructor(readonly actor: Actor, readonly bonusId: string, readonly decision: 'accept' | 'decline', readonly correlationId: string) {}
}

/** A bonus as the account holds it (the read model may not have caught up with the answer yet). */
export function bonusOf(state: AccountState, bonusId: string): Bonus {
  const b = state.bonus.bonuses.get(bonusId)!;
  return {
    id: bonusId, date: b.date, redeemCode: b.redeemCode, bonusAmount: b.amount, status: b.status, playthrough: b.playthrough,
    playthroughTarget: b.playthroughTarget, expiresAt: b.expiresAt, endedBy: b.endedBy, endedAt: b.endedAt,
  };
}

@CommandHandler(DecideBonusCommand)
export class DecideBonusHandler implements ICommandHandler<DecideBonusCommand, BonusDecisionResponse> {
  constructor(private readonly accounts: AccountCommands) {}

  async execute(c: DecideBonusCommand): Promise<BonusDecisionResponse> {
    const now = new Date().toISOString();
    const type = c.decision === 'accept' ? ('AcceptBonus' as const) : ('DeclineBonus' as const);
    const { state } = await this.accounts.run(c.actor.playerId, (_state, standing) => ({ type, bonusId: c.bonusId, standing, now }), { correlationId: c.correlationId });
    return { bonus: bonusOf(state, c.bonusId), bank: state.bank };
  }
}

export const bonusCommandHandlers = [DecideBonusHandler];
