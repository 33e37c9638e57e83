import { type Kysely, type KyselyPlugin, type Transaction, sql } from 'kysely';
import { type Checkpoint, type EventStore, type ReadAllResult, type RecordedEvent, compareCheckpoints } from '../application/ports/event-store';
import { remember } from '../application/remember';
import { GUARD_FAILED, type KeptWrites, ReadBeforeItsTime, type WriteGuard, type WritesKept, holdWrites, keepingWrites, sendScript, sendTogether, withWritesTogether } from './batch';
import { type Projection, type ProjectionLog, type ProjectionMemory, storeLog } from './projection';
import type { ReadModels } from './schema';

export interface ProjectionLag {
  name: string;
  version: number;
  checkpoint: Checkpoint | null;
  /** Events not yet applied (counted up to `lagCountLimit`). */
  pendingEvents: number;
  /** Age of the oldest event not yet applied, 0 when caught up. */
  lagMs: number;
  /** A new version being built beside the rows served meanwhile (see ProjectionRunner.init). */
  upgrade?: UpgradeProgress;
}

/** How far the new version of a projection, built beside the old rows, has come. */
export interface UpgradeProgress {
  fromVersion: number;
  toVersion: number;
  /** Events applied to the new version so far. */
  events: number;
  /** Events applied per second, over the upgrade so far. */
  ratePerSecond: number;
  /** Estimated seconds until it has caught up (null until a rate is known). */
  secondsLeft: number | null;
}

export interface RunnerOptions {
  /**
   * Most events read and applied in one transaction (default 2000). A step costs a handful of round
   * trips whatever its size, so under load larger batches keep up where small ones fall behind.
   */
  batchSize?: number;
  /** How long an idle loop sleeps before looking for new events again, unless woken sooner. */
  idleMs?: number;
  /**
   * Under load, the least time from one step's start to the next (default 10 ms): a step costs a
   * handful of statements whatever its size, so steps that follow each other as fast as they can each carry
   * a few events and cost far more per event than steps that gather what arrived meanwhile. An idle
   * runner woken by an append still steps at once; only a runner that just applied a partial batch waits
   * out the rest of the interval. The projection lag grows by at most this much.
   */
  minStepMs?: number;
  log?: { info(msg: string): void; error(obj: unknown, msg: string): void };
  now?: () => number;
}

class CheckpointMovedError extends Error {}

/** Waits for a statement guarded by the checkpoints' compare-and-set; a guard that did not hold is a `CheckpointMovedError`. */
async function checkpointsMoved(sent: Promise<void>): Promise<void> {
  try {
    await sent;
  } catch (err) {
    if ((err as { code?: unknown }).code === GUARD_FAILED) throw new CheckpointMovedError();
    throw err;
  }
}

/** A batch whose script was sent (`ProjectionRunner.catchUpAhead`) and is not yet known to have committed. */
interface InFlight {
  checkpoint: Checkpoint;
  /** What each of its projections will remember once it has. */
  pending: Map<Loop, Map<string, unknown>>;
  sent: Promise<void>;
}

/** A projection's share of a batch, folded: what it writes and what it will remember once that is written. */
interface Folded {
  writes: KeptWrites;
  pending: Map<string, unknown>;
}

/** Lets reads through and refuses any other statement before it is sent: for projections that declare `writesHeld`. */
const REFUSE_DIRECT_WRITES: KyselyPlugin = {
  transformQuery({ node }) {
    const read = node.kind === 'SelectQueryNode' || (node.kind === 'RawNode' && /^\s*select\b/i.test(node.sqlFragments[0] ?? ''));
    if (!read) throw new Error(`A projection that declares writesHeld wrote on its own (${node.kind}), not through writeAsJson`);
    return node;
  },
  transformResult: async ({ result }) => result,
};

/** Whether `projection` writes these events of its only through held writes (`Projection.writesHeld`). */
function writesOnlyHeld(projection: Projection, events: readonly RecordedEvent[]): boolean {
  if (events.length === 0) return true;
  const held = projection.writesHeld;
  return typeof held === 'function' ? held(events) : held === true;
}

function lowest(checkpoints: readonly (Checkpoint | null)[]): Checkpoint | null {
  return checkpoints.reduce((a, b) => (compareCheckpoints(b, a) < 0 ? b : a), checkpoints[0] ?? null);
}

interface Loop {
  projection: Projection;
  handles: ReadonlySet<string>;
  checkpoint: Checkpoint | null;
  /** What the projection wrote in this runner's committed batches (valid while no one else writes its tables). */
  memory: Map<string, unknown>;
  /** `memory` holds every row of the projection's tables: this runner emptied them and has let go of nothing since. */
  complete: boolean;
  /** Its row in `projection_checkpoints`: the projection's name, or `<name>@<version>` for a version being built beside. */
  checkpointName: string;
  /** The schema its tables are written in, when not the read models' own (a version built beside the served one). */
  schema?: string;
  /** Served as it is while its new version is built beside it: no batch is applied to it. */
  frozen?: boolean;
}

/** A projection whose new version is built in a schema of its own while the old rows are served. */
interface Upgrade {
  live: Loop;
  next: Loop;
  fromVersion: number;
  started: number;
  events: number;
  /** Where the build started and the log's head when last looked at, for the estimate of time left. */
  head: Checkpoint | null;
}

/** The numbers a checkpoint's position grows by: events on PostgreSQL (its second part), bytes on EventStoreDB (its first). */
export function positionOf(checkpoint: Checkpoint | null, kind: string): number {
  if (checkpoint === null) return 0;
  const [a, b] = checkpoint.split(':');
  return Number(kind === 'eventstoredb' ? a : b);
}

/** Values remembered per projection (least recently written dropped first). */
const MEMORY_LIMIT = 20_000;

/**
 * The batch of a whole rebuild (`npm run projections:rebuild`), larger than a live step's: the rows kept
 * per player (bank, stats, the coach's and the suspect detector's state) are written once per batch, so
 * ten times the events per batch writes a tenth of those rows. Over 200,000 events this took PostgreSQL's
 * CPU per event from 23–24 µs to 18 µs and the rebuild from 18,000–22,000 to about 24,800 events/s
 * (docs/BENCHMARKS.md). Live steps keep their smaller batch: a step holds the event loop while it folds.
 */
export const REBUILD_BATCH_SIZE = 20_000;

/**
 * Each projection's share of a batch: the events it handles that it has not seen (one that starts where the read
 * started has seen none of them), in log order. Each event is offered only to the projections that handle its type.
 */
function unseenEvents(events: readonly RecordedEvent[], loops: readonly Loop[], from: ReadonlyMap<Loop, Checkpoint | null>, start: Checkpoint | null): Map<Loop, RecordedEvent[]> {
  const unseen = new Map<Loop, RecordedEvent[]>(loops.map((l) => [l, []]));
  const byType = new Map<string, Loop[]>();
  for (const loop of loops) {
    for (const type of loop.handles) {
      const handling = byType.get(type);
      if (handling) handling.push(loop);
      else byType.set(type, [loop]);
    }
  }
  for (const event of events) {
    for (const loop of byType.get(event.type) ?? []) {
      const after = from.get(loop)!;
      if (after !== start && compareCheckpoints(event.checkpoint, after) <= 0) continue;
      unseen.get(loop)!.push(event);
    }
  }
  return unseen;
}

/**
 * Makes the runner forget what a projection remembered. The memory is replaced, not emptied: a step under way keeps
 * the view it started with (if it commits, nobody else applied its batch, so that view still held).
 */
function forget(loop: Loop): void {
  loop.memory = new Map();
  loop.complete = false;
}

/** Keeps what a committed batch wrote in the loop's memory; if that lets go of older rows, the memory is no longer complete. */
function rememberAll(loop: Loop, written: ReadonlyMap<string, unknown>): void {
  if (loop.memory.size + written.size > MEMORY_LIMIT) loop.complete = false;
  for (const [key, value] of written) remember(loop.memory, key, value, MEMORY_LIMIT);
}

/** A batch's view of a projection's memory: its own writes first, then what earlier batches committed. */
export function batchMemory(committed: Pick<Map<string, unknown>, 'get'>, pending: Map<string, unknown>, complete = false): ProjectionMemory {
  return {
    get: <T>(key: string) => (pending.has(key) ? pending.get(key) : committed.get(key)) as T | undefined,
    set: (key, value) => void pending.set(key, value),
    complete,
  };
}

/**
 * Keeps the read models up to date from the global log. One reader serves every projection: a batch
 * is read once and applied to each projection that has not seen it, together with the move of each
 * projection's checkpoint: one statement when every projection's writes are held (`writesHeld`), else one
 * transaction. Checkpoints are compare-and-set, so when two runners race only one applies a batch and the
 * other re-reads the checkpoints.
 */
export class ProjectionRunner {
  private readonly loops: Loop[];
  private stopped = true;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private wakePromise: Promise<void> | null = null;
  private pausing: (() => void) | null = null;
  /** A reader asked for the next step (`hurry`) while none was paused: the next pause is skipped. */
  private hurried = false;
  /** The next batch, read while the last full one was applied (catching up), and where it starts. */
  private prefetched: { after: Checkpoint | null; batch: Promise<ReadAllResult> } | null = null;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private readonly minStepMs: number;
  private readonly now: () => number;
  private upgrades: Upgrade[] = [];
  /** What a projection reads back when its memory lost a row it does not write at every event. */
  private readonly log: ProjectionLog;
  /** The read models' schema (the connection's current one). */
  private schema = 'public';

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
    this.loops = projections.map((projection) => ({ projection, handles: new Set(projection.handles), checkpoint: null, memory: new Map(), complete: false, checkpointName: projection.name }));
    this.log = storeLog(store);
    this.batchSize = options.batchSize ?? 2000;
    this.idleMs = options.idleMs ?? 25;
    this.minStepMs = options.minStepMs ?? 10;
    this.now = options.now ?? Date.now;
  }

  get projections(): readonly Projection[] {
    return this.loops.map((l) => l.projection);
  }

  /**
   * Creates the checkpoint rows. A projection whose version changed is built again from the first event
   * beside its old rows, in a schema of its own (`<schema>__upgrade_<name>`), while the old rows are served as they are;
   * once it has caught up, its tables replace the old ones in one transaction (see `switchOver`). A projection
   * never built before (or `upgradeBeside: false`) is emptied and built in place.
   */
  async init(options: { upgradeBeside?: boolean } = {}): Promise<void> {
    this.schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(this.db)).rows[0]!.schema;
    for (const loop of this.loops) {
      const { name, version } = loop.projection;
      await this.db
        .insertInto('projection_checkpoints')
        .values({ name, version, checkpoint: null, updated_at: new Date() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await this.db.selectFrom('projection_checkpoints').select(['version', 'checkpoint']).where('name', '=', name).executeTakeFirstOrThrow();
      if (row.version === version) {
        loop.checkpoint = row.checkpoint;
      } else if (row.checkpoint !== null && options.upgradeBeside !== false) {
        loop.checkpoint = row.checkpoint;
        await this.beginUpgrade(loop, row.version);
      } else {
        this.options.log?.info(`Projection ${name}: version ${row.version} → ${version}, rebuilding from the first event`);
        await this.reset(loop);
      }
    }
  }

  /** Whether a projection's new version is still being built beside its served rows. */
  get upgrading(): readonly string[] {
    return this.upgrades.map((u) => u.live.projection.name);
  }

  /** Starts (or resumes, after a restart) building `live`'s new version in its own schema. */
  private async beginUpgrade(live: Loop, fromVersion: number): Promise<void> {
    const { name, version, tables } = live.projection;
    // Beside the read models' own schema, named after it (several stores may share one server).
    const schema = `${this.schema}__upgrade_${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`.slice(0, 63);
    const checkpointName = `${name}@${version}`;
    const resumed = await this.db.selectFrom('projection_checkpoints').select(['checkpoint']).where('name', '=', checkpointName).executeTakeFirst();
    if (!resumed) {
      await this.db.transaction().execute(async (trx) => {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
        await sql`create schema ${sql.id(schema)}`.execute(trx);
        for (const table of tables) await sql`create table ${sql.id(schema, table)} (like ${sql.id(this.schema, table)} including all)`.execute(trx);
        await trx.insertInto('projection_checkpoints').values({ name: checkpointName, version, checkpoint: null, updated_at: new Date() }).execute();
      });
    }
    live.frozen = true;
    const next: Loop = {
      projection: live.projection, handles: live.handles, checkpoint: resumed?.checkpoint ?? null, memory: new Map(), checkpointName, schema,
      // Built from the first event in tables just made: nothing to read back until its memory lets go of a row.
      complete: !resumed,
    };
    this.upgrades.push({ live, next, fromVersion, started: this.now(), events: 0, head: null });
    this.options.log?.info(
      `Projection ${name}: version ${fromVersion} → ${version}, ${resumed ? 'resuming the build' : 'building it'} beside the rows served meanwhile (schema ${schema})`,
    );
  }

  /** How far each upgrade has come. */
  async upgradeProgress(): Promise<Map<string, UpgradeProgress>> {
    const progress = new Map<string, UpgradeProgress>();
    for (const u of this.upgrades) {
      u.head = (await this.store.headCheckpoint()) ?? u.head;
      const seconds = (this.now() - u.started) / 1000;
      const rate = seconds > 0 ? u.events / seconds : 0;
      const done = positionOf(u.next.checkpoint, this.store.kind);
      const total = positionOf(u.head, this.store.kind);
      // Positions count events on PostgreSQL; on EventStoreDB they count bytes, so the rate is taken in the same unit.
      const positionRate = seconds > 0 ? done / seconds : 0;
      progress.set(u.live.projection.name, {
        fromVersion: u.fromVersion,
        toVersion: u.live.projection.version,
        events: u.events,
        ratePerSecond: Math.round(rate),
        secondsLeft: positionRate > 0 ? Math.max(0, Math.round((total - done) / positionRate)) : null,
      });
    }
    return progress;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pausing?.();
    this.notify();
    await this.running;
    this.running = null;
  }

  /**
   * Steps as soon as it can, for a reader waiting on this runner: a pause between steps under load is cut short,
   * and the pause after a step under way now is skipped.
   */
  hurry(): void {
    if (this.pausing) this.pausing();
    else this.hurried = true;
    this.notify();
  }

  /** Wakes idle loops at once (called after every append in this process). */
  notify(): void {
    const wake = this.wake;
    this.wake = null;
    this.wakePromise = null;
    wake?.();
  }

  /** Applies everything available now, for scripts and tests; returns the number of events read. */
  async catchUp(name?: string, progress?: (events: number, checkpoint: Checkpoint | null) => void): Promise<number> {
    const loops = this.select(name).filter((l) => !l.frozen);
    let total = 0;
    for (;;) {
      const n = await this.step(loops);
      if (n === 0) break;
      total += n;
      progress?.(total, lowest(loops.map((l) => l.checkpoint)));
    }
    // A new version built beside: finished here, then it replaces the old rows.
    for (const upgrade of [...this.upgrades]) {
      if (name && upgrade.live.projection.name !== name) continue;
      while ((await this.upgradeStep(upgrade)) > 0);
    }
    return total;
  }

  /**
   * Empties the projection's tables and re-applies every event, folding each batch while the one before it is
   * written (`catchUpAhead`).
   */
  async rebuild(name?: string, progress?: (events: number, checkpoint: Checkpoint | null) => void): Promise<number> {
    for (const loop of this.select(name)) await this.reset(loop);
    const total = await this.catchUpAhead(this.select(name).filter((l) => !l.frozen), progress);
    // Whatever was appended meanwhile, and a new version built beside, as a catch-up does.
    return total + (await this.catchUp(name));
  }

  /**
   * Applies everything available now like `catchUp`, with the projections' folding and PostgreSQL's writing side by
   * side: batch k+1 is folded while batch k is written, on the rows batch k will leave (what it remembers). Every write
   * of a batch is kept while it is folded (`keepingWrites`) and the batch is sent as one script (`sendScript`) once the
   * one before it has committed, with the checkpoints' compare-and-set from where that one left them: a failed batch
   * fails the one folded after it. A projection whose fold reads the read models while a batch is in flight waits for
   * that batch and is folded again.
   */
  private async catchUpAhead(loops: readonly Loop[], progress?: (events: number, checkpoint: Checkpoint | null) => void): Promise<number> {
    let total = 0;
    let flight: InFlight | null = null;
    /** Waits for the batch in flight; false when it failed because someone else moved the checkpoints. */
    const land = async (): Promise<boolean> => {
      const landing = flight;
      flight = null;
      return landing ? this.landAhead(landing) : true;
    };
    const kept: WritesKept = { statements: [], readsRefused: false };
    const db = keepingWrites(this.db, kept);
    try {
      for (;;) {
        const ahead = flight as InFlight | null;
        // Where each projection will stand, and what it will remember, once the batch in flight has committed.
        const from = new Map(loops.map((l) => [l, ahead?.pending.has(l) ? ahead.checkpoint : l.checkpoint]));
        const start = lowest([...from.values()]);
        const { events, checkpoint } = await this.read(start);
        if (events.length === 0 || checkpoint === null) break;
        if (events.length >= this.batchSize) this.prefetch(checkpoint);
        const moves = loops.filter((l) => compareCheckpoints(from.get(l)!, checkpoint) < 0);
        if (moves.length === 0) break;
        const unseen = unseenEvents(events, moves, from, start);
        const folded = new Map<Loop, Folded>();
        for (const loop of moves) {
          // The script in flight reaches PostgreSQL's socket only as the event loop turns: a batch's folds that held it
          // throughout would keep PostgreSQL waiting for the script's end, and nothing would be done side by side.
          await new Promise<void>((resolve) => setImmediate(resolve));
          const done = await this.foldKept(db, kept, loop, unseen.get(loop)!, ahead);
          if (done) folded.set(loop, done);
        }
        // What was folded ahead stands only on the batch in flight: if that failed, read again from where the checkpoints are.
        if (!(await land())) continue;
        for (const loop of moves) if (!folded.has(loop)) folded.set(loop, (await this.foldKept(db, kept, loop, unseen.get(loop)!, null))!);
        const sent = this.sendKept(moves, from, checkpoint, moves.map((l) => folded.get(l)!.writes));
        sent.catch(() => undefined);
        flight = { checkpoint, pending: new Map(moves.map((l) => [l, folded.get(l)!.pending])), sent };
        total += events.length;
        progress?.(total, checkpoint);
      }
    } catch (err) {
      // What a failed fold may have changed of the rows it recalled is not kept.
      for (const loop of loops) forget(loop);
      throw err;
    } finally {
      // A batch in flight is always waited for, so its failure is heard and what it wrote is remembered.
      await land();
    }
    return total;
  }

  /**
   * Folds one projection's share of a batch with its writes kept, not sent. Ahead of a batch in flight (`ahead`), on
   * what that batch will leave; null when the fold read the read models meanwhile (it must wait for that batch).
   */
  private async foldKept(db: Kysely<ReadModels>, kept: WritesKept, loop: Loop, events: readonly RecordedEvent[], ahead: InFlight | null): Promise<Folded | null> {
    const pending = new Map<string, unknown>();
    const landing = ahead?.pending.get(loop);
    const committed = landing ? { get: (key: string) => (landing.has(key) ? landing.get(key) : loop.memory.get(key)) } : loop.memory;
    const memory = batchMemory(committed, pending, loop.complete);
    kept.statements = [];
    kept.readsRefused = ahead !== null;
    try {
      if (events.length && loop.projection.recall) await loop.projection.recall(db, events, memory, this.log);
      const { held } = await holdWrites(db as Transaction<ReadModels>, async () => {
        if (events.length) await loop.projection.applyBatch(db as Transaction<ReadModels>, events, memory);
      });
      return { writes: { statements: kept.statements, held }, pending };
    } catch (err) {
      if (err instanceof ReadBeforeItsTime) return null;
      throw err;
    }
  }

  /** Sends a folded batch's writes with the checkpoints' compare-and-set, as one script. */
  private async sendKept(loops: readonly Loop[], from: ReadonlyMap<Loop, Checkpoint | null>, checkpoint: Checkpoint, writes: readonly KeptWrites[]): Promise<void> {
    await checkpointsMoved(sendScript(this.db, writes, this.checkpointGuard(loops, from, checkpoint)));
  }

  /** Waits for a batch sent ahead; once it has committed, its projections remember what it wrote and move on. */
  private async landAhead(flight: InFlight): Promise<boolean> {
    try {
      await flight.sent;
    } catch (err) {
      for (const loop of flight.pending.keys()) forget(loop);
      if (!(err instanceof CheckpointMovedError)) throw err;
      await this.syncCheckpoints([...flight.pending.keys()]);
      return false;
    }
    for (const [loop, pending] of flight.pending) {
      rememberAll(loop, pending);
      this.advance(loop, flight.checkpoint);
    }
    return true;
  }

  /** The store's kind (`postgres`, `pglite`, `eventstoredb`): what a checkpoint's position counts. */
  get storeKind(): string {
    return this.store.kind;
  }

  /**
   * Resolves once every projection has applied `checkpoint` (read-your-writes), or after `timeoutMs`; with `hurry`,
   * the runner steps without its pauses until then (events may become readable only after the first step).
   */
  async waitFor(checkpoint: Checkpoint | null, timeoutMs = 2000, options: { hurry?: boolean } = {}): Promise<boolean> {
    if (checkpoint === null) return true;
    const deadline = this.now() + timeoutMs;
    for (;;) {
      // A projection served as it is while its new version is built is not waited for.
      if (this.loops.every((l) => l.frozen || compareCheckpoints(l.checkpoint, checkpoint) >= 0)) return true;
      if (this.stopped) await this.catchUp();
      else if (options.hurry) this.hurry();
      if (this.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** The same as `waitFor`: every projection this runner keeps (a script's runner keeps them all). */
  waitForAll(checkpoint: Checkpoint | null, timeoutMs = 2000): Promise<boolean> {
    return this.waitFor(checkpoint, timeoutMs);
  }

  /** Resolves once every projection of this runner holds every event stored now, or after `timeoutMs`. */
  async caughtUpAll(timeoutMs = 2000): Promise<boolean> {
    return this.waitFor(await this.store.headCheckpoint({ committed: true }), timeoutMs);
  }

  async lag(lagCountLimit = 1000): Promise<ProjectionLag[]> {
    // Not running here (PROJECTIONS=off, or a script): another process moves the checkpoints.
    if (this.stopped) await this.syncCheckpoints(this.loops);
    // The lag as of when the checkpoints were known. The reads below take longer the busier the database is, and
    // that time is the health check's own, not the projections'.
    const at = this.now();
    const checkpoints = this.loops.map((l) => l.checkpoint);
    const pending = await this.store.readAll({ after: lowest(checkpoints), maxCount: lagCountLimit });
    const upgrades = await this.upgradeProgress();
    return this.loops.map(({ projection }, i) => {
      const checkpoint = checkpoints[i]!;
      const unseen = pending.events.filter((e) => compareCheckpoints(e.checkpoint, checkpoint) > 0);
      const upgrade = upgrades.get(projection.name);
      return {
        name: projection.name,
        version: projection.version,
        checkpoint,
        pendingEvents: unseen.length,
        lagMs: unseen[0] ? Math.max(0, at - Date.parse(unseen[0].createdAt)) : 0,
        ...(upgrade ? { upgrade } : {}),
      };
    });
  }

  private select(name?: string): Loop[] {
    if (!name) return this.loops;
    const found = this.loops.filter((l) => l.projection.name === name);
    if (!found.length) throw new Error(`No projection named ${name}; known: ${this.loops.map((l) => l.projection.name).join(', ')}`);
    return found;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        const began = performance.now();
        const n = await this.step(this.loops.filter((l) => !l.frozen));
        // A version built beside takes one batch between live steps, so the live read models stay current.
        const upgrading = this.upgrades[0];
        const m = upgrading ? await this.upgradeStep(upgrading) : 0;
        failures = 0;
        if (n === 0 && m === 0) await this.idle();
        // A build beside leaves the database to readers between its batches.
        else if (m > 0) await this.pause(this.minStepMs);
        else if (n < this.batchSize) await this.pause(this.minStepMs - (performance.now() - began));
      } catch (err) {
        failures++;
        this.options.log?.error(err, 'Projections failed on a batch; retrying');
        await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** failures)));
      }
    }
  }


  /** Waits `ms` (unless stopped or hurried meanwhile); appends do not cut it short. */
  private pause(ms: number): Promise<void> {
    const hurried = this.hurried;
    this.hurried = false;
    if (ms <= 0 || this.stopped || hurried) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.pausing = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.pausing = null));
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

  /**
   * Reads one batch after the lowest checkpoint of `loops` and applies it to each projection that has
   * not seen it, all in one transaction with the checkpoint moves; returns the number of events read.
   */
  private async step(loops: readonly Loop[]): Promise<number> {
    // Each projection's checkpoint is read once: other steps of this runner may move it meanwhile, and
    // the read, the compare-and-set and the event filter must all agree on where this step started.
    const from = new Map(loops.map((l) => [l, l.checkpoint]));
    // …and so is what it remembers, as it stood at that checkpoint: a concurrent step that fails may make the runner
    // forget meanwhile, and this step must not find a row it recalled gone when it folds.
    const remembered = new Map(loops.map((l) => [l, { memory: l.memory, complete: l.complete }]));
    const start = lowest([...from.values()]);
    const { events, checkpoint } = await this.read(start);
    if (events.length === 0 || checkpoint === null) return 0;
    // A full batch says there is more: read the next one while this one is applied (a connection each).
    if (events.length >= this.batchSize) this.prefetch(checkpoint);
    const moves = loops.filter((l) => compareCheckpoints(from.get(l)!, checkpoint) < 0);
    if (moves.length === 0) return 0;
    const pending = new Map(moves.map((l) => [l, new Map<string, unknown>()]));
    const unseen = unseenEvents(events, moves, from, start);
    const memoryOf = (loop: Loop) => {
      const { memory, complete } = remembered.get(loop)!;
      return batchMemory(memory, pending.get(loop)!, complete);
    };
    try {
      // Rows kept in memory only that this runner forgot (a restart) are folded again before the batch is applied.
      for (const loop of moves) {
        const recall = loop.projection.recall;
        const mine = unseen.get(loop)!;
        if (recall && mine.length) await recall(loop.schema ? this.db.withSchema(loop.schema) : this.db, mine, memoryOf(loop), this.log);
      }
      const apply = async (db: Kysely<ReadModels>) => {
        for (const loop of moves) {
          const mine = unseen.get(loop)!;
          if (mine.length) await loop.projection.applyBatch(db as Transaction<ReadModels>, mine, memoryOf(loop));
        }
      };
      // A version built beside writes tables of its own schema, set for its transaction.
      if (moves.every((l) => !l.schema && writesOnlyHeld(l.projection, unseen.get(l)!))) await this.applyAsOneStatement(moves, from, checkpoint, apply);
      else await this.applyInTransaction(moves, from, checkpoint, apply);
    } catch (err) {
      // Someone else may have written these tables, or this batch's writes were rolled back.
      for (const loop of loops) forget(loop);
      if (!(err instanceof CheckpointMovedError)) throw err;
      await this.syncCheckpoints(loops);
      return events.length;
    }
    // Remember before advancing: a step that starts from the new checkpoint must find what this one wrote.
    for (const loop of moves) {
      rememberAll(loop, pending.get(loop)!);
      this.advance(loop, checkpoint);
    }
    return events.length;
  }

  /**
   * Applies a batch whose writes are all held (`writeAsJson`) as ONE statement sent outside a transaction: the
   * checkpoints' compare-and-set and every write together (`sendTogether`), so a live step costs a read of the log
   * and this statement. Rows the projections read meanwhile may be newer than this runner's checkpoint only if
   * someone else applied a batch since, and then the compare-and-set fails the statement. Only for projections that
   * declare `writesHeld`: any other statement than a read is refused before it is sent.
   */
  private async applyAsOneStatement(
    moves: readonly Loop[], from: ReadonlyMap<Loop, Checkpoint | null>, checkpoint: Checkpoint, apply: (db: Kysely<ReadModels>) => Promise<void>,
  ): Promise<void> {
    const db = this.db.withPlugin(REFUSE_DIRECT_WRITES);
    const { held } = await holdWrites(db as Transaction<ReadModels>, () => apply(db));
    await checkpointsMoved(sendTogether(this.db, held, this.checkpointGuard(moves, from, checkpoint)));
  }

  /** The checkpoints' compare-and-set as the first part of a batch's statement: each moves from where the batch started. */
  private checkpointGuard(loops: readonly Loop[], from: ReadonlyMap<Loop, Checkpoint | null>, checkpoint: Checkpoint): WriteGuard {
    return {
      text: `update projection_checkpoints p set checkpoint = v.new, updated_at = now()
               from json_to_recordset($1::json) as v(name text, old text, new text)
              where p.name = v.name and p.checkpoint is not distinct from v.old returning 1`,
      json: JSON.stringify(loops.map((l) => ({ name: l.checkpointName, old: from.get(l)!, new: checkpoint }))),
      rows: loops.length,
    };
  }

  /** Applies a batch in a transaction that first moves the checkpoints (compare-and-set), then writes. */
  private async applyInTransaction(
    moves: readonly Loop[], from: ReadonlyMap<Loop, Checkpoint | null>, checkpoint: Checkpoint, apply: (db: Kysely<ReadModels>) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // A version built beside writes its own schema's tables (the projection names its tables unqualified).
      const schema = moves.find((l) => l.schema)?.schema;
      if (schema) await sql`select set_config('search_path', ${`"${schema}", "${this.schema}"`}, true)`.execute(trx);
      const expected = sql.join(moves.map((l) => sql`(${l.checkpointName}::text, ${from.get(l)!}::text)`));
      const moved = await sql`
        update projection_checkpoints p set checkpoint = ${checkpoint}, updated_at = now()
          from (values ${expected}) as v(name, old)
         where p.name = v.name and p.checkpoint is not distinct from v.old`.execute(trx);
      if (Number(moved.numAffectedRows ?? 0) !== moves.length) throw new CheckpointMovedError();
      // From here on the checkpoint rows are locked by this transaction: the tables are as this
      // runner's last committed batch left them, so what it remembers of them holds.
      // The projections' writes go to PostgreSQL together, as one statement, once every projection has folded.
      await withWritesTogether(trx, () => apply(trx));
    });
  }

  /** The batch after `after`: the one read ahead when it starts there, else read now. */
  private read(after: Checkpoint | null): Promise<ReadAllResult> {
    const ahead = this.prefetched;
    this.prefetched = null;
    if (ahead && ahead.after === after) return ahead.batch;
    return this.store.readAll({ after, maxCount: this.batchSize });
  }

  private prefetch(after: Checkpoint): void {
    const batch = this.store.readAll({ after, maxCount: this.batchSize });
    // A batch read ahead and never used (another runner moved the checkpoints) must not fail unheard.
    batch.catch(() => undefined);
    this.prefetched = { after, batch };
  }

  /** Moves the checkpoints known in memory up to those stored (another runner or process moved them). */
  private async syncCheckpoints(loops: readonly Loop[]): Promise<void> {
    const rows = await this.db.selectFrom('projection_checkpoints').select(['name', 'checkpoint']).execute();
    const byName = new Map(rows.map((r) => [r.name, r.checkpoint]));
    for (const loop of loops) {
      const stored = byName.get(loop.checkpointName) ?? null;
      // Someone else applied the events in between: what this runner remembers of the rows no longer holds.
      if (compareCheckpoints(stored, loop.checkpoint) > 0) forget(loop);
      this.advance(loop, stored);
    }
  }

  /** Checkpoints only move forward in memory, whichever concurrent step reports last. */
  private advance(loop: Loop, checkpoint: Checkpoint | null): void {
    if (compareCheckpoints(checkpoint, loop.checkpoint) > 0) loop.checkpoint = checkpoint;
  }


  /** One batch of an upgrade; once the new version has caught up with the log, it replaces the old rows. Returns the events read. */
  private async upgradeStep(upgrade: Upgrade): Promise<number> {
    const n = await this.step([upgrade.next]);
    if (n > 0) {
      upgrade.events += n;
      if (upgrade.events % (this.batchSize * 10) < n) {
        const p = (await this.upgradeProgress()).get(upgrade.live.projection.name)!;
        this.options.log?.info(
          `Projection ${upgrade.live.projection.name} version ${p.toVersion}: ${p.events} events applied beside the served rows (${p.ratePerSecond}/s${p.secondsLeft === null ? '' : `, about ${p.secondsLeft} s left`})`,
        );
      }
      return n;
    }
    await this.switchOver(upgrade);
    return 0;
  }

  /**
   * Puts a caught-up new version in place of the old, in one transaction: the old tables are dropped, the new
   * ones moved into the read models' schema, and the projection's checkpoint becomes the new version's. Readers
   * wait on the tables' locks for that moment and then read the new rows; none ever sees an empty table.
   */
  private async switchOver(upgrade: Upgrade): Promise<void> {
    const { live, next } = upgrade;
    const { name, version, tables } = live.projection;
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('projection_checkpoints').select(['version']).where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
      if (row.version !== version) {
        for (const table of tables) {
          await sql`drop table ${sql.id(this.schema, table)}`.execute(trx);
          await sql`alter table ${sql.id(next.schema!, table)} set schema ${sql.id(this.schema)}`.execute(trx);
        }
        await trx.updateTable('projection_checkpoints').set({ version, checkpoint: next.checkpoint, updated_at: new Date() }).where('name', '=', name).execute();
      }
      // Another runner may have switched first: its tables are in place, this one's build is dropped.
      await trx.deleteFrom('projection_checkpoints').where('name', '=', next.checkpointName).execute();
      await sql`drop schema if exists ${sql.id(next.schema!)} cascade`.execute(trx);
    });
    this.upgrades = this.upgrades.filter((u) => u !== upgrade);
    live.frozen = false;
    forget(live);
    live.checkpoint = null;
    await this.syncCheckpoints([live]);
    const seconds = Math.round((this.now() - upgrade.started) / 1000);
    this.options.log?.info(`Projection ${name}: version ${version} in place after ${upgrade.events} events in ${seconds} s`);
  }

  private async reset(loop: Loop): Promise<void> {
    const { name, version, tables } = loop.projection;
    await this.db.transaction().execute(async (trx) => {
      // The checkpoint first: from here on a batch of another runner waits for this one and then fails its compare-and-set;
      // one that committed before is seen, and emptied, by the deletes that follow.
      await trx.updateTable('projection_checkpoints').set({ version, checkpoint: null, updated_at: new Date() }).where('name', '=', name).execute();
      for (const table of tables) await trx.deleteFrom(table).execute();
    });
    loop.checkpoint = null;
    forget(loop);
    // Emptied by this runner: until its memory lets go of a row, what it does not remember is not stored.
    loop.complete = true;
  }
}
