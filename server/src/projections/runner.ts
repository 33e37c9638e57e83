import { type Kysely, sql } from 'kysely';
import { type Checkpoint, type EventStore, compareCheckpoints } from '../adapters/event-store/event-store';
import type { Projection } from './projection';
import type { ReadModels } from './schema';

export interface ProjectionLag {
  name: string;
  version: number;
  checkpoint: Checkpoint | null;
  /** Events not yet applied (counted up to `lagCountLimit`). */
  pendingEvents: number;
  /** Age of the oldest event not yet applied, 0 when caught up. */
  lagMs: number;
}

export interface RunnerOptions {
  batchSize?: number;
  /** How long an idle loop sleeps before looking for new events again, unless woken sooner. */
  idleMs?: number;
  log?: { info(msg: string): void; error(obj: unknown, msg: string): void };
  now?: () => number;
}

class CheckpointMovedError extends Error {}

interface Loop {
  projection: Projection;
  handles: ReadonlySet<string>;
  checkpoint: Checkpoint | null;
  running: Promise<void> | null;
}

/**
 * Runs each projection in its own loop over the global log. A batch's read-model writes and the
 * checkpoint move commit together; the checkpoint is compare-and-set, so when two runners race only
 * one applies a batch and the other re-reads its checkpoint.
 */
export class ProjectionRunner {
  private readonly loops: Loop[];
  private stopped = true;
  private wake: (() => void) | null = null;
  private wakePromise: Promise<void> | null = null;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<ReadModels>,
    private readonly store: EventStore,
    projections: readonly Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
      names.add(p.name);
    }
    this.loops = projections.map((projection) => ({ projection, handles: new Set(projection.handles), checkpoint: null, running: null }));
    this.batchSize = options.batchSize ?? 500;
    this.idleMs = options.idleMs ?? 25;
    this.now = options.now ?? Date.now;
  }

  get projections(): readonly Projection[] {
    return this.loops.map((l) => l.projection);
  }

  /** Creates the checkpoint rows; a projection whose version changed is emptied and starts again. */
  async init(): Promise<void> {
    for (const loop of this.loops) {
      const { name, version } = loop.projection;
      await this.db
        .insertInto('projection_checkpoints')
        .values({ name, version, checkpoint: null, updated_at: new Date() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await this.db.selectFrom('projection_checkpoints').select(['version', 'checkpoint']).where('name', '=', name).executeTakeFirstOrThrow();
      if (row.version !== version) {
        this.options.log?.info(`Projection ${name}: version ${row.version} → ${version}, rebuilding from the first event`);
        await this.reset(loop);
      } else {
        loop.checkpoint = row.checkpoint;
      }
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const loop of this.loops) loop.running = this.loop(loop);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.notify();
    await Promise.all(this.loops.map((l) => l.running));
    for (const l of this.loops) l.running = null;
  }

  /** Wakes idle loops at once (called after every append in this process). */
  notify(): void {
    const wake = this.wake;
    this.wake = null;
    this.wakePromise = null;
    wake?.();
  }

  /** Applies everything available now, for scripts and tests; returns the number of events read. */
  async catchUp(name?: string): Promise<number> {
    let total = 0;
    for (const loop of this.select(name)) {
      for (;;) {
        const n = await this.step(loop);
        if (n === 0) break;
        total += n;
      }
    }
    return total;
  }

  /** Empties the projection's tables and re-applies every event. */
  async rebuild(name?: string): Promise<number> {
    for (const loop of this.select(name)) await this.reset(loop);
    return this.catchUp(name);
  }

  /** Resolves once every projection has applied `checkpoint` (read-your-writes), or after `timeoutMs`. */
  async waitFor(checkpoint: Checkpoint | null, timeoutMs = 2000): Promise<boolean> {
    if (checkpoint === null) return true;
    const deadline = this.now() + timeoutMs;
    for (;;) {
      if (this.loops.every((l) => compareCheckpoints(l.checkpoint, checkpoint) >= 0)) return true;
      if (this.stopped) await this.catchUp();
      if (this.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async lag(lagCountLimit = 1000): Promise<ProjectionLag[]> {
    return Promise.all(
      this.loops.map(async ({ projection, checkpoint }) => {
        const pending = await this.store.readAll({ after: checkpoint, maxCount: lagCountLimit });
        const oldest = pending.events[0];
        return {
          name: projection.name,
          version: projection.version,
          checkpoint,
          pendingEvents: pending.events.length,
          lagMs: oldest ? Math.max(0, this.now() - Date.parse(oldest.createdAt)) : 0,
        };
      }),
    );
  }

  private select(name?: string): Loop[] {
    if (!name) return this.loops;
    const found = this.loops.filter((l) => l.projection.name === name);
    if (!found.length) throw new Error(`No projection named ${name}; known: ${this.loops.map((l) => l.projection.name).join(', ')}`);
    return found;
  }

  private async loop(loop: Loop): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        const n = await this.step(loop);
        failures = 0;
        if (n === 0) await this.idle();
      } catch (err) {
        failures++;
        this.options.log?.error(err, `Projection ${loop.projection.name} failed; retrying`);
        await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** failures)));
      }
    }
  }

  private idle(): Promise<void> {
    if (!this.wakePromise) this.wakePromise = new Promise<void>((resolve) => (this.wake = resolve));
    const wakePromise = this.wakePromise;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.idleMs);
      void wakePromise.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Reads one batch after the loop's checkpoint and applies it; returns the number of events read. */
  private async step(loop: Loop): Promise<number> {
    const from = loop.checkpoint;
    const { events, checkpoint } = await this.store.readAll({ after: from, maxCount: this.batchSize });
    if (events.length === 0) return 0;
    try {
      await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('projection_checkpoints')
          .set({ checkpoint, updated_at: new Date() })
          .where('name', '=', loop.projection.name)
          .where(sql<boolean>`checkpoint is not distinct from ${from}`)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new CheckpointMovedError();
        for (const event of events) {
          if (loop.handles.has(event.type)) await loop.projection.apply(trx, event);
        }
      });
    } catch (err) {
      if (!(err instanceof CheckpointMovedError)) throw err;
      const row = await this.db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', loop.projection.name).executeTakeFirstOrThrow();
      loop.checkpoint = row.checkpoint;
      return events.length;
    }
    loop.checkpoint = checkpoint;
    return events.length;
  }

  private async reset(loop: Loop): Promise<void> {
    const { name, version, tables } = loop.projection;
    await this.db.transaction().execute(async (trx) => {
      for (const table of tables) await trx.deleteFrom(table).execute();
      await trx.updateTable('projection_checkpoints').set({ version, checkpoint: null, updated_at: new Date() }).where('name', '=', name).execute();
    });
    loop.checkpoint = null;
  }
}
