import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { gameCommandHandlers } from '../application/game/commands';
import { gameQueryHandlers } from '../application/game/queries';
import { GameSettings, SeedSource } from '../application/game/seed-source';
import { GameReadModel } from '../application/ports/read-models';
import { GameController } from '../adapters/http/game.controller';
import { GameRepository } from '../adapters/read-models/game.repository';

/** The game: hands, shoes, the ledger and player statistics. */
@Module({})
export class GameModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: GameModule,
      controllers: [GameController],
      providers: [
        SeedSource,
        { provide: GameSettings, useValue: new GameSettings(config.requirePhoneToPlay) },
        { provide: GameReadModel, useClass: GameRepository },
        ...gameCommandHandlers,
        ...gameQueryHandlers,
      ],
      exports: [SeedSource, GameSettings, GameReadModel],
    };
  }
}
