import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Player, PriceFigure } from '@bahati/contracts';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import type { Actor } from '../actor';
import { NotFoundError } from '../errors';
import { PriceSource } from '../ports/price';
import { PlayerReadModel } from '../ports/read-models';

export class GetPlayerQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetPlayerQuery)
export class GetPlayerHandler implements IQueryHandler<GetPlayerQuery, Player> {
  constructor(
    private readonly players: PlayerReadModel,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute({ actor }: GetPlayerQuery): Promise<Player> {
    const player = await this.players.findById(actor.playerId, (email) => this.config.adminEmails.has(email.toLowerCase()));
    if (!player) throw new NotFoundError('InvalidPlayer', 'No such player; sign in again.');
    return player;
  }
}

export class GetBankQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetBankQuery)
export class GetBankHandler implements IQueryHandler<GetBankQuery, number> {
  constructor(private readonly players: PlayerReadModel) {}

  execute({ actor }: GetBankQuery): Promise<number> {
    return this.players.bank(actor.playerId);
  }
}

/** The BTC price figure dollar values are shown with. */
export class GetPriceQuery {}

@QueryHandler(GetPriceQuery)
export class GetPriceHandler implements IQueryHandler<GetPriceQuery, PriceFigure> {
  constructor(private readonly price: PriceSource) {}

  execute(): Promise<PriceFigure> {
    return this.price.current();
  }
}

export const playerQueryHandlers = [GetPlayerHandler, GetBankHandler, GetPriceHandler];
