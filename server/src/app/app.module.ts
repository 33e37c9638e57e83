import { randomUUID } from 'node:crypto';
import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { InfrastructureModule } from './infrastructure.module';
import { MoneyModule } from './money.module';
import { GameModule } from './game.module';
import { BonusesModule } from './bonuses.module';
import { BrandsModule } from './brands.module';
import { AdminModule } from './admin.module';
import { playerCommandHandlers } from '../application/players/commands';
import { limitHandlers } from '../application/players/limits';
import { sessionHandlers } from '../application/players/sessions';
import { AuthGuard } from '../adapters/http/auth';
import { PlayersController } from '../adapters/http/players.controller';
import { DevController } from '../adapters/http/dev.controller';
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
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
            // pino-http binds the request to every request's logger, serialising it whether anything is logged or
            // not: bind only what a log line needs. Headers (and so tokens and cookies) are never logged.
            serializers: {
              req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
              res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            },
            autoLogging: { ignore: (req) => req.url === '/api/health' },
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
      ],
      controllers: [PlayersController, ConfigController, HealthController, ...(config.production ? [] : [DevController])],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
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
