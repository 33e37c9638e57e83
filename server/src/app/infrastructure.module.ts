import { type DynamicModule, Global, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { type AppConfig, AppConfigToken, DatabaseToken, EventStoreToken } from '../config/tokens';
import type { Database } from '../adapters/db/database';
import { openEventStore, openProjectionStorage, openReadModels, type ProjectionStorage } from './storage';
import type { EventStore } from '../application/ports/event-store';
import { CommandPath } from '../application/command-path';
import { AccountCommands } from '../application/account-commands';
import { HouseSeedVault } from '../application/game/house-seed-vault';
import { Standings } from '../application/standings';
import { ProjectionTiers } from '../projections/tiers';
import { allProjections } from '../projections';
import type { ReadModels } from '../projections/schema';
import { SessionTokens } from '../adapters/identity/session-tokens';
import { RateLimitStore, StoreRateLimiter } from '../adapters/rate-limits/rate-limits';
import { NoRateLimiter, RateLimiter } from '../application/ports/rate-limits';
import { googleIdTokenVerifier } from '../adapters/identity/id-token-verifier';
import { DevIdentityProvider } from '../adapters/identity/dev-identity-provider';
import { priceSourceFor } from '../adapters/price/price-source.factory';
import { KyselySnapshotRepository } from '../adapters/db/snapshots.repository';
import { IdTokenVerifier, SessionIssuer } from '../application/ports/identity';
import { PriceSource } from '../application/ports/price';
import { ReadModelProgress } from '../application/ports/read-models';
import { SnapshotRepository } from '../application/ports/snapshots';
import { SessionDirectory } from '../application/players/sessions';
import { StaffDirectory } from '../application/admin/staff';
import { BonusSettings } from '../application/bonuses/bonus-settings';
import { Draining } from '../application/draining';
import { readModelPorts, readModelProviders } from './read-models';
import { PrometheusMetrics } from '../adapters/metrics/prometheus';
import { Telemetry } from '../application/ports/telemetry';

const ProjectionStorageToken = Symbol('ProjectionStorage');

@Injectable()
class Lifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Lifecycle');

  constructor(
    @Inject(AppConfigToken) private readonly config: AppConfig,
    @Inject(DatabaseToken) private readonly database: Database,
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly projections: ProjectionTiers,
    @Inject(ProjectionStorageToken) private readonly projectionStorage: ProjectionStorage,
  ) {}

  onApplicationBootstrap() {
    if (this.config.runProjections) this.projections.start();
    this.logger.log(`Events in ${this.store.kind}, read models in ${this.database.kind}; projections ${this.config.runProjections ? 'running' : 'off'}`);
  }

  async beforeApplicationShutdown() {
    await this.projections.stop();
    await this.projectionStorage.close();
    await this.store.close();
    await this.database.close();
  }
}

/** Configuration, storage, the command path and account commands, the projection runners (live and analytic), the read models (`read-models.ts`) and the outside-service ports. */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig): DynamicModule {
    const identity = config.devIdentity ? new DevIdentityProvider(config.dataDir) : null;
    return {
      module: InfrastructureModule,
      providers: [
        { provide: AppConfigToken, useValue: config },
        { provide: DatabaseToken, useFactory: () => openReadModels(config) },
        { provide: EventStoreToken, useFactory: (db: Database) => openEventStore(config, db), inject: [DatabaseToken] },
        { provide: ProjectionStorageToken, useFactory: (db: Database, store: EventStore) => openProjectionStorage(config, db, store), inject: [DatabaseToken, EventStoreToken] },
        {
          provide: ProjectionTiers,
          useFactory: async (storage: ProjectionStorage) => {
            const logger = new Logger('Projections');
            const log = { info: (m: string) => logger.log(m), error: (e: unknown, m: string) => logger.error(`${m}: ${e instanceof Error ? e.stack : String(e)}`) };
            const tiers = new ProjectionTiers(storage.database.kysely as Kysely<ReadModels>, storage.store, allProjections({ suspect: config.suspect }), {
              live: { log },
              analytic: { log, minStepMs: config.analyticStepMs },
            });
            await tiers.init();
            return tiers;
          },
          inject: [ProjectionStorageToken],
        },
        {
          provide: PrometheusMetrics,
          useFactory: (db: Database, tiers: ProjectionTiers, store: EventStore) =>
            new PrometheusMetrics({ lag: () => tiers.lag(), readModels: db.kysely as Kysely<ReadModels>, pingEventStore: () => store.ping() }),
          inject: [DatabaseToken, ProjectionTiers, EventStoreToken],
        },
        { provide: Telemetry, useExisting: PrometheusMetrics },
        {
          provide: CommandPath,
          useFactory: (store: EventStore, tiers: ProjectionTiers, metrics: PrometheusMetrics) =>
            new CommandPath(store, { onAppended: () => tiers.notify(), observe: (o) => metrics.command(o) }),
          inject: [EventStoreToken, ProjectionTiers, PrometheusMetrics],
        },
        { provide: ReadModelProgress, useExisting: ProjectionTiers },
        { provide: SnapshotRepository, useClass: KyselySnapshotRepository },
        ...readModelProviders,
        StaffDirectory,
        SessionDirectory,
        { provide: BonusSettings, useValue: new BonusSettings(config.bonus) },
        { provide: SessionTokens, useValue: new SessionTokens(config.jwtSecret, config.jwtTtlSeconds) },
        { provide: SessionIssuer, useExisting: SessionTokens },
        { provide: IdTokenVerifier, useValue: identity ? identity.verifier() : googleIdTokenVerifier(config.googleClientId!) },
        ...(identity ? [{ provide: DevIdentityProvider, useValue: identity }] : []),
        { provide: PriceSource, useValue: priceSourceFor(config) },
        { provide: RateLimitStore, useFactory: () => new RateLimitStore(config.redis) },
        { provide: RateLimiter, useFactory: (store: RateLimitStore) => (config.rateLimits ? new StoreRateLimiter(store) : new NoRateLimiter()), inject: [RateLimitStore] },
        Standings,
        { provide: HouseSeedVault, useValue: new HouseSeedVault(config.houseSeedKeys) },
        AccountCommands,
        Draining,
        Lifecycle,
      ],
      exports: [
        AppConfigToken, DatabaseToken, EventStoreToken, ProjectionTiers, ReadModelProgress, ...readModelPorts, BonusSettings, CommandPath, Standings, AccountCommands, HouseSeedVault,
        PrometheusMetrics, Telemetry,
        StaffDirectory, SessionDirectory, RateLimitStore, RateLimiter, Draining,
        SessionTokens, SessionIssuer, IdTokenVerifier, PriceSource, ...(identity ? [DevIdentityProvider] : []),
      ],
    };
  }
}
