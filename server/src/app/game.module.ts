import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { gameCommandHandlers } from '../application/game/commands';
import { gameQueryHandlers } from '../application/game/queries';
import { GameSettings, SeedSource } from '../application/game/seed-source';
import { HandsController } from '../adapters/http/hands.controller';
import { LedgerController } from '../adapters/http/ledger.controller';
import { DevShoesController, ShoesController } from '../adapters/http/shoes.controller';
import { GameRepository } from '../adapters/read-models/game.repository';

/** The game: hands, shoes, the ledger and player statistics. */
@Module({})
export class GameModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: GameModule,
      controllers: [HandsController, ShoesController, LedgerController, ...(config.production ? [] : [DevShoesController])],
      providers: [SeedSource, GameSettings, GameRepository, ...gameCommandHandlers, ...gameQueryHandlers],
      exports: [SeedSource, GameSettings, GameRepository],
    };
  }
}
