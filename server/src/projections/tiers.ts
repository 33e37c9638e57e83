import type { Kysely } from 'kysely';
import type { Checkpoint, EventStore } from '../application/ports/event-store';
import type { Projection } from './projection';
import { ProjectionRunner, type ProjectionLag, type RunnerOptions, type UpgradeProgress } from './runner';
import { SharedReads } from './shared-reads';
import type { ReadModels } from './schema';

/**
 * Who waits for a read model. `live`: a player or an operator acting on money waits for it (the bank, the hands,
 * the ledger, sessions, the money lists); it is stepped every few milliseconds. `analytic`: read by staff
 * reviewing play and by reports (suspect play, a player's history and activity, the daily rows); its lag target is
 * seconds, so under load it is stepped once a second and a player's rows are written once per step rather than at
 * every action.
 */
export type ProjectionTier = 'live' | 'analytic';

export const tierOf = (projection: Projection): ProjectionTier => projection.tier ?? 'live';

/** Under load, the least time from one analytic step's start to the next (its lag stays about one step). */
export const ANALYTIC_STEP_MS = 1000;
/**
 * Most events in one analytic step. What gathered during a pause is folded in steps of this many, one after the other
 * (a full batch is not followed by a pause): each step's fold holds the process's event loop, and the live steps of
 * the same process wait for it, so it stays a few milliseconds long.
 */
export const ANALYTIC_BATCH_SIZE = 1000;

export interface TieredLag extends ProjectionLag {
  tier: ProjectionTier;
}

export interface TierOptions {
  live?: RunnerOptions;
  analytic?: RunnerOptions;
}

/**
 * The projections in two subscriptions of their own, one per tier (`ProjectionTier`): each moves its projections'
 * checkpoints on its own, so an analytic step never holds a live one up and the live steps stay small. The log is
 * read once: the analytic tier is served from what the live one read (`SharedReads`). Read-your-writes (`waitFor`) waits for the live tier only; `waitForAll` for both (scripts and tests).
 */
export class ProjectionTiers {
  readonly live: ProjectionRunner;
  readonly analytic: ProjectionRunner;
  /** The tiers that hold a projection (a runner with none would read the log for nothing). */
  private readonly tiers: readonly { tier: ProjectionTier; runner: ProjectionRunner }[];

  /** The live runner's reads of the log, which the analytic one is served from. */
  readonly shared: SharedReads;

  constructor(db: Kysely<ReadModels>, private readonly store: EventStore, projections: readonly Projection[], options: TierOptions = {}) {
    this.shared = new SharedReads(store);
    this.live = new ProjectionRunner(db, this.shared.leader, projections.filter((p) => tierOf(p) === 'live'), options.live);
    this.analytic = new ProjectionRunner(
      db,
      this.shared.follower,
      projections.filter((p) => tierOf(p) === 'analytic'),
      { minStepMs: ANALYTIC_STEP_MS, batchSize: ANALYTIC_BATCH_SIZE, ...options.analytic },
    );
    this.tiers = [
      { tier: 'live' as const, runner: this.live },
      { tier: 'analytic' as const, runner: this.analytic },
    ].filter((t) => t.runner.projections.length > 0);
  }

  private get runners(): ProjectionRunner[] {
    return this.tiers.map((t) => t.runner);
  }

  get projections(): readonly Projection[] {
    return this.runners.flatMap((r) => r.projections);
  }

  async init(options: { upgradeBeside?: boolean } = {}): Promise<void> {
    for (const runner of this.runners) await runner.init(options);
  }

  get upgrading(): readonly string[] {
    return this.runners.flatMap((r) => r.upgrading);
  }

  async upgradeProgress(): Promise<Map<string, UpgradeProgress>> {
    const all = new Map<string, UpgradeProgress>();
    for (const runner of this.runners) for (const [name, progress] of await runner.upgradeProgress()) all.set(name, progress);
    return all;
  }

  start(): void {
    for (const runner of this.runners) runner.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.stop()));
  }

  /** Wakes both tiers (after every append in this process); an analytic one under load still waits out its step. */
  notify(): void {
    for (const runner of this.runners) runner.notify();
  }

  /** Applies everything available now to every projection (or the one named); returns the events read by the tier that read most. */
  async catchUp(name?: string, progress?: (events: number, checkpoint: Checkpoint | null) => void): Promise<number> {
    let most = 0;
    for (const runner of this.holding(name)) most = Math.max(most, await runner.catchUp(name, progress));
    return most;
  }

  /** Empties every projection's tables (or the named one's) and applies every event again. */
  async rebuild(name?: string, progress?: (events: number, checkpoint: Checkpoint | null) => void): Promise<number> {
    let most = 0;
    for (const runner of this.holding(name)) most = Math.max(most, await runner.rebuild(name, progress));
    return most;
  }

  get storeKind(): string {
    return this.live.storeKind;
  }

  /** Read-your-writes: resolves once every live read model has applied `checkpoint`, or after `timeoutMs`. */
  waitFor(checkpoint: Checkpoint | null, timeoutMs = 2000): Promise<boolean> {
    return this.live.waitFor(checkpoint, timeoutMs);
  }

  /**
   * Resolves once every read model of both tiers has applied `checkpoint`, or after `timeoutMs`: for a reader of an
   * analytic read model who must see a write (an admin's suspect level), the analytic tier steps at once rather than
   * at the end of its step.
   */
  async waitForAll(checkpoint: Checkpoint | null, timeoutMs = 2000): Promise<boolean> {
    if (checkpoint === null) return true;
    const results = await Promise.all(this.runners.map((r) => r.waitFor(checkpoint, timeoutMs, { hurry: r === this.analytic })));
    return results.every(Boolean);
  }

  /** Resolves once both tiers hold every event stored now (the analytic one asked to step at once), or after `timeoutMs`. */
  async caughtUpAll(timeoutMs = 2000): Promise<boolean> {
    return this.waitForAll(await this.store.headCheckpoint({ committed: true }), timeoutMs);
  }

  async lag(lagCountLimit = 1000): Promise<TieredLag[]> {
    const lags = await Promise.all(this.tiers.map(async ({ tier, runner }) => (await runner.lag(lagCountLimit)).map((l) => ({ ...l, tier }))));
    return lags.flat();
  }

  private holding(name?: string): ProjectionRunner[] {
    if (!name) return this.runners;
    const found = this.runners.filter((r) => r.projections.some((p) => p.name === name));
    if (!found.length) throw new Error(`No projection named ${name}; known: ${this.projections.map((p) => p.name).join(', ')}`);
    return found;
  }
}
