import { Module } from '@nestjs/common';
import { BonusExpiry } from '../application/bonuses/bonus-expiry';
import { bonusCommandHandlers } from '../application/bonuses/commands';
import { bonusQueryHandlers } from '../application/bonuses/queries';
import { BonusReadModel } from '../application/ports/read-models';
import { BonusesController } from '../adapters/http/bonuses.controller';
import { BonusRepository } from '../adapters/read-models/bonus.repository';

/** Bonuses: the first-deposit offer, accepting and declining, playthrough, expiry. */
@Module({
  controllers: [BonusesController],
  providers: [{ provide: BonusReadModel, useClass: BonusRepository }, BonusExpiry, ...bonusCommandHandlers, ...bonusQueryHandlers],
})
export class BonusesModule {}
