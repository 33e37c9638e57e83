import { Module } from '@nestjs/common';
import { BonusExpiry } from '../application/bonuses/bonus-expiry';
import { bonusCommandHandlers } from '../application/bonuses/commands';
import { bonusQueryHandlers } from '../application/bonuses/queries';
import { redeemCodeHandlers } from '../application/bonuses/redeem-codes';
import { BonusReadModel, RedeemCodeReadModel } from '../application/ports/read-models';
import { BonusesController } from '../adapters/http/bonuses.controller';
import { BonusRepository } from '../adapters/read-models/bonus.repository';
import { RedeemCodesRepository } from '../adapters/read-models/redeem-codes.repository';

/** Bonuses: the first-deposit offer, accepting and declining, playthrough, expiry, redeem codes. */
@Module({
  controllers: [BonusesController],
  providers: [
    { provide: BonusReadModel, useClass: BonusRepository },
    { provide: RedeemCodeReadModel, useClass: RedeemCodesRepository },
    BonusExpiry,
    ...bonusCommandHandlers,
    ...bonusQueryHandlers,
    ...redeemCodeHandlers,
  ],
})
export class BonusesModule {}
