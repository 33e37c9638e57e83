import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { InfrastructureModule } from './infrastructure.module';
import { requestLogSerializers } from './request-log';
import { MoneyModule } from './money.module';
import { GameModule } from './game.module';
import { BonusesModule } from './bonuses.module';
import { BrandsModule } from './brands.module';
import { AdminModule } from './admin.module';
import { playerCommandHandlers } from '../application/players/commands';
import { limitHandlers } from '../application/players/limits';
import { ThrottlerModule } from '@nestjs/throttler';
import { sessionHandlers } from '../application/players/sessions';
import { AuthGuard } from '../adapters/http/auth';
import { RateLimitStore, RequestCeilingGuard } from '../adapters/rate-limits/rate-limits';
import { PlayersController } from '../adapters/http/players.controller';
import { DevController, DevIdentityController } from '../adapters/http/dev.controller';
import { ConfigController } from '../adapters/http/config.controller';
import { HealthController } from '../adapters/http/health.controller';
import { SignInHandler } from '../application/players/sign-in';
import { playerQueryHandlers } from '../application/players/queries';
import { GeoLocator } from '../application/ports/geo';
import { GeoIpLiteLocator, NoGeoLocator } from '../adapters/geo/geo-locator';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          // No request middleware: the request log is a Fastify hook (create-app.ts, request-log.ts) over the
          // logger made from these options, which is also the logger of every Nest log line.
          forRoutes: [],
          pinoHttp: {
            level: config.logLevel,
            // Only what a log line needs, and never a credential (see request-log.ts).
            serializers: requestLogSerializers,
          },
        }),
        CqrsModule.forRoot(),
        TerminusModule.forRoot({ logger: false }),
        InfrastructureModule.forRoot(config),
        MoneyModule.forRoot(config),
        GameModule.forRoot(config),
        BonusesModule,
        BrandsModule,
        AdminModule,
        ...(config.rateLimits
          ? [
              ThrottlerModule.forRootAsync({
                inject: [RateLimitStore],
                useFactory: (storage: RateLimitStore) => ({
                  throttlers: [{ name: 'requests', limit: config.rateLimits!.requests.limit, ttl: config.rateLimits!.requests.seconds * 1000 }],
                  storage,
                  // Only a refusal says anything: 429 with Retry-After (ErrorsFilter).
                  setHeaders: false,
                }),
              }),
            ]
          : []),
      ],
      controllers: [
        PlayersController, ConfigController, HealthController,
        ...(config.production ? [] : [DevController]),
        // Only where the development identity provider is wired (see InfrastructureModule).
        ...(config.devIdentity ? [DevIdentityController] : []),
      ],
      providers: [
        // The ceiling first: requests refused by the session check are counted too.
        ...(config.rateLimits ? [{ provide: APP_GUARD, useClass: RequestCeilingGuard }] : []),
        // One instance: the global guard, and the guard of the OpenAPI routes Nest does not see (create-app).
        AuthGuard,
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: GeoLocator, useValue: config.blockedCountries.size ? new GeoIpLiteLocator() : new NoGeoLocator() },
        SignInHandler,
        ...playerCommandHandlers,
        ...limitHandlers,
        ...sessionHandlers,
        ...playerQueryHandlers,
      ],
    };
  }
}
