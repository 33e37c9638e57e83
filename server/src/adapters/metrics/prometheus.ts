import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type Kysely, sql } from 'kysely';
import { type CommandObservation, Telemetry } from '../../application/ports/telemetry';
import type { TieredLag } from '../../projections/tiers';
import type { ReadModels } from '../../projections/schema';

/** Where the gauges read at scrape time: the projections' lag and the read models' counts. */
export interface MetricSources {
  lag: () => Promise<TieredLag[]>;
  readModels: Kysely<ReadModels>;
  /** Resolves when the event store answers. */
  pingEventStore: () => Promise<void>;
}

/**
 * `read`, shared by the gauges one scrape reads it for (each collects on its own, in any order): a call within
 * `ms` of the last one gets the same answer.
 */
function sharedFor<T>(read: () => Promise<T>, ms = 1000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = performance.now();
    if (!last || now - last.at > ms) {
      const value = read();
      last = { at: now, value };
      value.catch(() => (last = null));
    }
    return last.value;
  };
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The product's metrics in Prometheus' text format (`prom-client`). Counters and histograms are fed as things
 * happen (HTTP answers, commands, appends); the gauges of state (projection lag, deposits pending and held,
 * withdrawals awaiting review, payouts failed, the last reconciliation) are read when scraped. Labels are
 * bounded: route templates (never a path with an id), command and event types, error codes, projection names.
 */
export class PrometheusMetrics extends Telemetry {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route'>;
  private readonly rateLimited: Counter<'route'>;
  private readonly commands: Counter<'command' | 'outcome' | 'code'>;
  private readonly appendDuration: Histogram;
  private readonly eventsAppended: Counter<'type'>;
  private readonly payoutFailures: Counter;

  constructor(private readonly sources: MetricSources) {
    super();
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({ name: 'bahati_http_requests_total', help: 'HTTP answers by route template and status', labelNames: ['method', 'route', 'status'], registers });
    this.httpDuration = new Histogram({ name: 'bahati_http_request_duration_seconds', help: 'Time to answer, by route template', labelNames: ['method', 'route'], buckets: SECONDS, registers });
    this.rateLimited = new Counter({ name: 'bahati_rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by route template', labelNames: ['route'], registers });
    this.commands = new Counter({ name: 'bahati_commands_total', help: 'Commands by type and outcome (appended, unchanged, refused with its code, conflict, failed)', labelNames: ['command', 'outcome', 'code'], registers });
    this.appendDuration = new Histogram({ name: 'bahati_event_append_duration_seconds', help: 'Time of each successful append to the event store', buckets: SECONDS, registers });
    this.eventsAppended = new Counter({ name: 'bahati_events_appended_total', help: 'Events appended, by type', labelNames: ['type'], registers });
    this.payoutFailures = new Counter({ name: 'bahati_payout_failures_total', help: 'Withdrawal payouts the node refused (WithdrawalPayoutFailed)', registers });
    this.stateGauges(registers);
  }

  /** The gauges read from the projections and read models on every scrape. */
  private stateGauges(registers: Registry[]) {
    const { readModels: db, pingEventStore } = this.sources;
    const lag = sharedFor(this.sources.lag);
    new Gauge({
      name: 'bahati_event_store_up',
      help: 'Whether the event store answered a ping when scraped (1) or not (0)',
      registers,
      async collect() {
        this.set(await pingEventStore().then(() => 1, () => 0));
      },
    });
    new Gauge({
      name: 'bahati_projection_lag_events',
      help: 'Events not yet applied, per projection and its tier (live or analytic; counted up to 1000)',
      labelNames: ['projection', 'tier'],
      registers,
      async collect() {
        const lags = await lag();
        this.reset();
        for (const l of lags) this.set({ projection: l.name, tier: l.tier }, l.pendingEvents);
      },
    });
    new Gauge({
      name: 'bahati_projection_lag_seconds',
      help: 'Age of the oldest event a projection has not applied, 0 when caught up, per projection and its tier (live or analytic)',
      labelNames: ['projection', 'tier'],
      registers,
      async collect() {
        const lags = await lag();
        this.reset();
        for (const l of lags) this.set({ projection: l.name, tier: l.tier }, l.lagMs / 1000);
      },
    });
    new Gauge({
      name: 'bahati_projection_upgrade_events',
      help: 'Events applied so far to a new projection version built beside the served one (absent when none is)',
      labelNames: ['projection', 'version'],
      registers,
      async collect() {
        const lags = await lag();
        this.reset();
        for (const l of lags) if (l.upgrade) this.set({ projection: l.name, version: String(l.upgrade.toVersion) }, l.upgrade.events);
      },
    });
    new Gauge({
      name: 'bahati_projection_upgrade_seconds_left',
      help: 'Estimated seconds until a projection version built beside the served one takes its place',
      labelNames: ['projection', 'version'],
      registers,
      async collect() {
        const lags = await lag();
        this.reset();
        for (const l of lags) if (l.upgrade?.secondsLeft != null) this.set({ projection: l.name, version: String(l.upgrade.toVersion) }, l.upgrade.secondsLeft);
      },
    });
    new Gauge({
      name: 'bahati_deposits',
      help: 'Deposits seen and not yet credited (pending), or paid and held for review past MAX_BANK_SATS (held), by method',
      labelNames: ['method', 'state'],
      registers,
      async collect() {
        const [bitcoin, lightning] = await Promise.all([
          db.selectFrom('bitcoin_deposits').select(['status', sql<number>`count(*)::int`.as('n')]).where('status', 'in', ['Pending', 'Held']).groupBy('status').execute(),
          db.selectFrom('lightning_invoices').select(['status', sql<number>`count(*)::int`.as('n')]).where('status', '=', 'Held').groupBy('status').execute(),
        ]);
        const count = (rows: { status: string; n: number }[], status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
        this.set({ method: 'bitcoin', state: 'pending' }, count(bitcoin, 'Pending'));
        this.set({ method: 'bitcoin', state: 'held' }, count(bitcoin, 'Held'));
        this.set({ method: 'lightning', state: 'held' }, count(lightning, 'Held'));
      },
    });
    new Gauge({
      name: 'bahati_withdrawals',
      help: 'Withdrawal requests awaiting an admin (awaiting_review) and approved ones whose payout failed (payout_failed)',
      labelNames: ['state'],
      registers,
      async collect() {
        const row = await db
          .selectFrom('withdraw_requests')
          .select([
            sql<number>`count(*) filter (where status = 'Created')::int`.as('review'),
            sql<number>`count(*) filter (where status = 'Approved' and payout = 'Failed')::int`.as('failed'),
          ])
          .executeTakeFirstOrThrow();
        this.set({ state: 'awaiting_review' }, Number(row.review));
        this.set({ state: 'payout_failed' }, Number(row.failed));
      },
    });
    const lastRun = sharedFor(() => db.selectFrom('reconciliation_runs').select(['checked_at', 'differences']).orderBy('checked_at', 'desc').limit(1).executeTakeFirst());
    new Gauge({
      name: 'bahati_reconciliation_last_run_timestamp_seconds',
      help: 'When the last reconciliation of banks, ledgers and events ran (0: never)',
      registers,
      async collect() {
        const run = await lastRun();
        this.set(run ? new Date(run.checked_at).getTime() / 1000 : 0);
      },
    });
    new Gauge({
      name: 'bahati_reconciliation_differences',
      help: 'Players whose bank, ledger and events disagreed in the last reconciliation',
      registers,
      async collect() {
        const run = await lastRun();
        this.set(run ? Number(run.differences) : 0);
      },
    });
  }

  command(o: CommandObservation): void {
    this.commands.inc({ command: o.command, outcome: o.outcome, code: o.code ?? '' });
    if (o.appendSeconds !== undefined) this.appendDuration.observe(o.appendSeconds);
    for (const type of o.events) {
      this.eventsAppended.inc({ type });
      if (type === 'WithdrawalPayoutFailed') this.payoutFailures.inc();
    }
  }

  /** One HTTP answer: `route` is the matched route's template ('unmatched' when none matched). */
  http(method: string, route: string, status: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
    this.httpDuration.observe({ method, route }, seconds);
    if (status === 429) this.rateLimited.inc({ route });
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
