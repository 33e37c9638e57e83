import { Controller, Get, Inject } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { EventStore } from '../../application/ports/event-store';
import { DatabaseToken, EventStoreToken } from '../../config/tokens';
import { ProjectionRunner } from '../../projections/runner';
import { Public } from './auth';

/** Projections further behind than this make the service report itself unhealthy. */
const MAX_HEALTHY_LAG_MS = 60_000;

@ApiTags('health')
// Polled by load balancers and monitors: outside the request ceiling.
@SkipThrottle({ requests: true })
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(DatabaseToken) private readonly database: Database,
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly projections: ProjectionRunner,
  ) {}

  @Public()
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Database, event store and projection lag' })
  check() {
    return this.health.check([
      async () => {
        const session = this.indicator.check('database');
        try {
          await sql`select 1`.execute(this.database.kysely);
          return session.up({ kind: this.database.kind });
        } catch (err) {
          return session.down({ message: err instanceof Error ? err.message : String(err) });
        }
      },
      async () => {
        const session = this.indicator.check('eventStore');
        try {
          await this.store.ping();
          return session.up({ kind: this.store.kind });
        } catch (err) {
          return session.down({ message: err instanceof Error ? err.message : String(err) });
        }
      },
      async () => {
        const session = this.indicator.check('projections');
        const lag = await this.projections.lag();
        const details = Object.fromEntries(lag.map((l) => [l.name, { version: l.version, pendingEvents: l.pendingEvents, lagMs: l.lagMs }]));
        const maxLag = Math.max(0, ...lag.map((l) => l.lagMs));
        return maxLag > MAX_HEALTHY_LAG_MS ? session.down({ maxLagMs: maxLag, ...details }) : session.up({ maxLagMs: maxLag, ...details });
      },
    ]);
  }
}
