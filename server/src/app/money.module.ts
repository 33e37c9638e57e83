import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { MoneyBackends } from '../application/money/backends';
import { BitcoinDeposits } from '../application/money/bitcoin-deposits';
import { LightningDeposits } from '../application/money/lightning-deposits';
import { MoneyWorkers } from '../application/money/money-workers';
import { PhoneVerification } from '../application/money/phone-verification';
import { PlayerEventsHub } from '../application/money/player-events';
import { Withdrawals } from '../application/money/withdrawals';
import { GeoIpLiteLocator, GeoLocator, NoGeoLocator } from '../adapters/geo/geo-locator';
import { AdminWithdrawalsController } from '../adapters/http/admin-withdrawals.controller';
import { MoneyController } from '../adapters/http/money.controller';
import { MoneyDevController } from '../adapters/http/money-dev.controller';
import { PlayerEventsController } from '../adapters/http/player-events.controller';
import { MoneyRepository } from '../adapters/read-models/money.repository';
import { PlayersRepository } from '../adapters/read-models/players.repository';

/** Money in and out: phone verification, Bitcoin and Lightning deposits, withdrawals, server push, geolocation. */
@Module({})
export class MoneyModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MoneyModule,
      controllers: [MoneyController, AdminWithdrawalsController, PlayerEventsController, ...(config.production ? [] : [MoneyDevController])],
      providers: [
        { provide: MoneyBackends, useFactory: () => MoneyBackends.fromConfig(config) },
        { provide: GeoLocator, useValue: config.blockedCountries.size ? new GeoIpLiteLocator() : new NoGeoLocator() },
        MoneyRepository,
        PlayersRepository,
        PhoneVerification,
        BitcoinDeposits,
        LightningDeposits,
        Withdrawals,
        PlayerEventsHub,
        MoneyWorkers,
      ],
      exports: [GeoLocator, MoneyBackends],
    };
  }
}
