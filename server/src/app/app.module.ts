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
import { AuthGuard } from '../adapters/http/auth';
import { PlayersController } from '../adapters/http/players.controller';
import { DevController } from '../adapters/http/dev.controller';
import { ConfigController } from '../adapters/http/config.controller';
import { HealthController } from '../adapters/http/health.controller';
import { SignInHandler } from '../adapters/cqrs/players/sign-in';
import { GetBankHandler, GetPlayerHandler } from '../adapters/cqrs/players/queries';
import { PlayersRepository } from '../adapters/read-models/players.repository';

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
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // A request's logger binds only its id: binding the whole request would serialise it on every request, logged or not.
            quietReqLogger: true,
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
        }),
        CqrsModule.forRoot(),
        TerminusModule.forRoot({ logger: false }),
        InfrastructureModule.forRoot(config),
        MoneyModule.forRoot(config),
        GameModule.forRoot(config),
      ],
      controllers: [PlayersController, ConfigController, HealthController, ...(config.production ? [] : [DevController])],
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }, PlayersRepository, SignInHandler, GetPlayerHandler, GetBankHandler],
    };
  }
}
