import { Controller, Get, Inject, Logger, ServiceUnavailableException } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { EventStore } from '../../application/ports/event-store';
import { DatabaseToken, EventStoreToken } from '../../config/tokens';
import { ProjectionTiers } from '../../projections/tiers';
import { Draining } from '../../application/draining';
import { Reconciliation } from '../../application/admin/reconciliation';
import { OperatorOnly, Public } from './auth';

/** Projections further behind than this make the service report itself unhealthy. */
const MAX_HEALTHY_LAG_MS = 60_000;

@ApiTags('health')
// Polled by load balancers and monitors: outside the request ceiling.
@SkipThrottle({ requests: true })
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(DatabaseToken) private readonly database: Database,
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly projections: ProjectionTiers,
    private readonly draining: Draining,
    private readonly reconciliation: Reconciliation,
  ) {}

  /** Liveness: the process answers HTTP. Touches nothing else, so a slow database never gets the server restarted. */
  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the server answers (no dependency is checked)' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Readiness: the database and the event store answer, so requests can be served. Public for load
   * balancers and orchestrators, and so it says nothing more than yes or no (the details are admin-only).
   */
  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database and the event store answer (503 when not)' })
  async ready(): Promise<{ status: 'ok' }> {
    // A shutting-down instance takes no new traffic, however healthy its stores still are.
    if (this.draining.active) throw new ServiceUnavailableException({ statusCode: 503, error: 'ServiceUnavailable', message: 'Shutting down.' });
    try {
      await sql`select 1`.execute(this.database.kysely);
      await this.store.ping();
    } catch (err) {
      this.logger.warn(`Not ready: ${err instanceof Error ? err.message : String(err)}`);
      throw new ServiceUnavailableException({ statusCode: 503, error: 'ServiceUnavailable', message: 'Not ready.' });
    }
    return { status: 'ok' };
  }

  /** Details of the deployment (storage kinds, errors, projections): an admin's in production. */
  @OperatorOnly()
  @ApiBearerAuth()
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Database, event store, projection lag and the last reconciliation (admin only in production)' })
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
        const details = Object.fromEntries(lag.map((l) => [l.name, { tier: l.tier, version: l.version, pendingEvents: l.pendingEvents, lagMs: l.lagMs, ...(l.upgrade ? { upgrade: l.upgrade } : {}) }]));
        // A projection whose new version is being built serves its old rows meanwhile: reported, not judged.
        const maxLag = Math.max(0, ...lag.filter((l) => !l.upgrade).map((l) => l.lagMs));
        return maxLag > MAX_HEALTHY_LAG_MS ? session.down({ maxLagMs: maxLag, ...details }) : session.up({ maxLagMs: maxLag, ...details });
      },
      // The last reconciliation of banks, ledgers and events (stored, so every instance answers the same):
      // reported, not judged — a difference costs no money (the events decide) and restarting would not mend it.
      async () => {
        const session = this.indicator.check('reconciliation');
        try {
          const { checkedAt, differences } = await this.reconciliation.summary();
          return session.up({ checkedAt, differences });
        } catch (err) {
          return session.down({ message: err instanceof Error ? err.message : String(err) });
        }
      },
    ]);
  }
}
