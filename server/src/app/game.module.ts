import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { coachQueryHandlers } from '../application/coach/queries';
import { gameCommandHandlers } from '../application/game/commands';
import { gameQueryHandlers } from '../application/game/queries';
import { GameSettings, SeedSource } from '../application/game/seed-source';
import { CoachController } from '../adapters/http/coach.controller';
import { GameController } from '../adapters/http/game.controller';

/** The game: hands, shoes, the ledger, player statistics and the strategy coach. */
@Module({})
export class GameModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: GameModule,
      controllers: [GameController, CoachController],
      providers: [
        SeedSource,
        { provide: GameSettings, useValue: new GameSettings(config.requirePhoneToPlay) },
        ...gameCommandHandlers,
        ...gameQueryHandlers,
        ...coachQueryHandlers,
      ],
      exports: [SeedSource, GameSettings],
    };
  }
}
