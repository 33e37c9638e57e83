import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Player, PriceFigure } from '@bahati/contracts';
import { type Actor, isAdmin } from '../actor';
import { NotFoundError } from '../errors';
import { AccountCommands } from '../account-commands';
import { isHandInPlay, playerLevel } from '../../domain/account/game';
import { PriceSource } from '../ports/price';
import { BankReadModel, PlayerReadModel } from '../ports/read-models';

export class GetPlayerQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetPlayerQuery)
export class GetPlayerHandler implements IQueryHandler<GetPlayerQuery, Player> {
  constructor(private readonly players: PlayerReadModel, private readonly accounts: AccountCommands) {}

  async execute({ actor }: GetPlayerQuery): Promise<Player> {
    // The roles come with the actor: the configuration's and those granted by event.
    const [player, { state }] = await Promise.all([this.players.findById(actor.playerId, () => isAdmin(actor)), this.accounts.load(actor.playerId)]);
    if (!player) throw new NotFoundError('InvalidPlayer', 'No such player; sign in again.');
    // The player's own figures come from the account, as fresh as the hand just answered (the statistics read
    // model, for staff views, follows at the analytic step).
    const game = state.game;
    return {
      ...player,
      handsPlayed: game.handsPlayed,
      totalBetAmount: game.totalBetAmount,
      totalWonAmount: game.totalWonAmount,
      netAmount: game.totalWonAmount - game.totalBetAmount,
      level: playerLevel(game),
      activeHandId: isHandInPlay(game) ? (game.handMeta?.handId ?? null) : null,
      shoeId: game.shoe?.shoeId ?? player.shoeId,
    };
  }
}

export class GetBankQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetBankQuery)
export class GetBankHandler implements IQueryHandler<GetBankQuery, number> {
  constructor(private readonly banks: BankReadModel) {}

  execute({ actor }: GetBankQuery): Promise<number> {
    return this.banks.bank(actor.playerId);
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
