import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Bonus } from '@bahati/contracts';
import type { Actor } from '../actor';
import { BonusReadModel } from '../ports/read-models';

/** The actor's bonuses, newest first. */
export class ListBonusesQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(ListBonusesQuery)
export class ListBonusesHandler implements IQueryHandler<ListBonusesQuery, Bonus[]> {
  constructor(private readonly bonuses: BonusReadModel) {}

  execute({ actor }: ListBonusesQuery): Promise<Bonus[]> {
    return this.bonuses.bonusesOf(actor.playerId);
  }
}

export const bonusQueryHandlers = [ListBonusesHandler];
