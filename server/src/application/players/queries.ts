import { Inject, NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Player } from '@bahati/contracts';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { PlayersRepository } from '../../adapters/read-models/players.repository';

export class GetPlayerQuery {
  constructor(readonly playerId: string) {}
}

@QueryHandler(GetPlayerQuery)
export class GetPlayerHandler implements IQueryHandler<GetPlayerQuery, Player> {
  constructor(
    private readonly players: PlayersRepository,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute({ playerId }: GetPlayerQuery): Promise<Player> {
    const player = await this.players.findById(playerId, (email) => this.config.adminEmails.has(email.toLowerCase()));
    if (!player) throw new NotFoundException({ statusCode: 404, error: 'InvalidPlayer', message: 'No such player; sign in again.' });
    return player;
  }
}

export class GetBankQuery {
  constructor(readonly playerId: string) {}
}

@QueryHandler(GetBankQuery)
export class GetBankHandler implements IQueryHandler<GetBankQuery, number> {
  constructor(private readonly players: PlayersRepository) {}

  execute({ playerId }: GetBankQuery): Promise<number> {
    return this.players.bank(playerId);
  }
}
