import { Module } from '@nestjs/common';
import { BonusExpiry } from '../application/bonuses/bonus-expiry';
import { bonusCommandHandlers } from '../application/bonuses/commands';
import { bonusQueryHandlers } from '../application/bonuses/queries';
import { redeemCodeHandlers } from '../application/bonuses/redeem-codes';
import { BonusesController } from '../adapters/http/bonuses.controller';

/** Bonuses: the first-deposit offer, accepting and declining, playthrough, expiry, redeem codes. */
@Module({
  controllers: [BonusesController],
  providers: [
    BonusExpiry,
    ...bonusCommandHandlers,
    ...bonusQueryHandlers,
    ...redeemCodeHandlers,
  ],
})
export class BonusesModule {}
