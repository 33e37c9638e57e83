import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { HeldDeposit } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { AccountCommands } from '../account-commands';
import { BonusSettings } from '../bonuses/bonus-settings';
import { DepositsReadModel, ReadModelProgress } from '../ports/read-models';

/** Deposits held for review (they would have taken a bank past MAX_BANK_SATS), oldest first (admins). */
export class ListHeldDepositsQuery {
  constructor(readonly actor: Actor) {}
}

/** An admin lets a held deposit in: it is credited as it would have been when paid. Answers what is still held. */
export class ReleaseHeldDepositCommand {
  constructor(
    readonly actor: Actor,
    readonly playerId: string,
    readonly method: 'bitcoin' | 'lightning',
    readonly id: string,
    readonly correlationId: string,
  ) {}
}

@QueryHandler(ListHeldDepositsQuery)
export class ListHeldDepositsHandler implements IQueryHandler<ListHeldDepositsQuery, HeldDeposit[]> {
  constructor(private readonly deposits: DepositsReadModel) {}
  execute({ actor }: ListHeldDepositsQuery) {
    assertAdmin(actor);
    return this.deposits.heldDeposits();
  }
}

@CommandHandler(ReleaseHeldDepositCommand)
export class ReleaseHeldDepositHandler implements ICommandHandler<ReleaseHeldDepositCommand, HeldDeposit[]> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly progress: ReadModelProgress,
    private readonly deposits: DepositsReadModel,
    private readonly bonuses: BonusSettings,
  ) {}

  async execute(c: ReleaseHeldDepositCommand): Promise<HeldDeposit[]> {
    assertAdmin(c.actor);
    const command = { type: 'ReleaseHeldDeposit' as const, method: c.method, id: c.id, reviewerId: c.actor.playerId, bonus: this.bonuses.terms(), now: new Date().toISOString() };
    const outcome = await this.accounts.run(c.playerId, command, { correlationId: c.correlationId, userId: c.actor.playerId });
    await this.progress.waitFor(outcome.checkpoint);
    return this.deposits.heldDeposits();
  }
}

export const heldDepositHandlers = [ListHeldDepositsHandler, ReleaseHeldDepositHandler];
