import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { moneyCommandHandlers } from '../application/money/commands';
import { BitcoinDeposits } from '../application/money/bitcoin-deposits';
import { LightningDeposits } from '../application/money/lightning-deposits';
import { MoneyServices } from '../application/money/money-services';
import { MoneyWorkers } from '../application/money/money-workers';
import { heldDepositHandlers } from '../application/money/held-deposits';
import { PhoneVerification } from '../application/money/phone-verification';
import { PlayerEventsHub } from '../application/money/player-events';
import { moneyQueryHandlers } from '../application/money/queries';
import { Withdrawals } from '../application/money/withdrawals';
import { DevRails } from '../adapters/dev-rails';
import { MoneyController } from '../adapters/http/money.controller';
import { moneyServicesFor } from './money-services';
import { reservesHandlers } from '../application/liabilities/reserves';

const MoneySetup = Symbol('MoneySetup');

/** Money in and out: phone verification, Bitcoin and Lightning deposits, withdrawals, server push. */
@Module({})
export class MoneyModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MoneyModule,
      controllers: [MoneyController],
      providers: [
        { provide: MoneySetup, useFactory: () => moneyServicesFor(config) },
        { provide: MoneyServices, useFactory: (setup: { services: MoneyServices }) => setup.services, inject: [MoneySetup] },
        { provide: DevRails, useFactory: (setup: { rails: DevRails }) => setup.rails, inject: [MoneySetup] },
        PhoneVerification,
        BitcoinDeposits,
        LightningDeposits,
        Withdrawals,
        PlayerEventsHub,
        MoneyWorkers,
        ...moneyCommandHandlers,
        ...moneyQueryHandlers,
        ...heldDepositHandlers,
        ...reservesHandlers,
      ],
      exports: [MoneyServices, DevRails, PlayerEventsHub],
    };
  }
}
