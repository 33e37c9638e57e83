import type { Kysely, Transaction } from 'kysely';
import type { EventStore, RecordedEvent } from '../application/ports/event-store';
import type { ReadModels } from './schema';

/**
 * What a projection remembers between the batches one runner applies: the rows it wrote, so the next
 * batch need not read them back. Values set during a batch are kept only if the batch commits; the
 * runner forgets everything when another runner or a rebuild may have written the tables.
 */
export interface ProjectionMemory {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  /**
   * Every row the projection's tables hold is remembered (the runner emptied them and has let go of nothing since, as
   * in a rebuild): a key not remembered has no row, and there is nothing to read back.
   */
  readonly complete?: boolean;
}

/**
 * The log, for a projection that keeps some of its rows in memory only (a hand in play) and finds its
 * memory empty after a restart: it folds that row again from the stream's events it has already applied.
 */
export interface ProjectionLog {
  /** Events of `streamId` from revision `from` up to `to`, both included, oldest first. */
  readStream(streamId: string, from: number, to: number): Promise<RecordedEvent[]>;
  /** At most `count` events of `streamId` from revision `from` down, newest first. */
  readBackwards(streamId: string, from: number, count: number): Promise<RecordedEvent[]>;
}

/** A `ProjectionLog` on the event store. */
export function storeLog(store: Pick<EventStore, 'readStream'>): ProjectionLog {
  return {
    async readStream(streamId, from, to) {
      if (to < from) return [];
      return store.readStream(streamId, { fromRevision: from, maxCount: to - from + 1 });
    },
    readBackwards: (streamId, from, count) => (from < 0 ? Promise.resolve([]) : store.readStream(streamId, { direction: 'backwards', fromRevision: from, maxCount: count })),
  };
}

export type ReadModelTable = keyof ReadModels & string;

/**
 * A read model: a name, a version (bumping it rebuilds the model from the first event), the event
 * types it handles, the tables it owns, and an idempotent handler that writes inside the runner's
 * transaction — the same transaction that moves its checkpoint.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly string[];
  /**
   * Who waits for it (`tiers.ts`): `analytic` for read models only staff reviews and reports read, stepped apart
   * from the live ones at a longer step; live when not given.
   */
  readonly tier?: 'live' | 'analytic';
  /**
   * Whether the projection writes a batch only through `writeAsJson` (held writes), always or for the given events: then
   * its batch can be sent with the checkpoints' move as one statement, outside a transaction (`ProjectionRunner`).
   * Not given: it may write on its own, and its batches are applied in a transaction.
   */
  readonly writesHeld?: boolean | ((events: readonly RecordedEvent[]) => boolean);
  /** Tables emptied when the projection is rebuilt, in an order that respects foreign keys. */
  readonly tables: readonly ReadModelTable[];
  /**
   * Applies one batch: the events it handles that it has not seen, in log order (never empty). Applying
   * a batch again changes nothing. A batch costs a few statements whatever its size.
   */
  applyBatch(trx: Transaction<ReadModels>, events: readonly RecordedEvent[], memory: ProjectionMemory): Promise<void>;
  /**
   * For a projection that keeps some rows in memory only (a hand in play): before the batch's transaction,
   * puts back into `memory` the rows the batch touches that the runner forgot (a restart), folded again from
   * what is stored (`db`) and the events already applied (`log`). Outside the transaction, because the log
   * may share its one connection (PGlite); another runner writing meanwhile fails the batch's checkpoint move.
   */
  recall?(db: Kysely<ReadModels>, events: readonly RecordedEvent[], memory: ProjectionMemory, log: ProjectionLog): Promise<void>;
}

/** The domain event a recorded event carries. */
export function domainEvent<E extends { type: string; data: unknown }>(event: RecordedEvent): E {
  return { type: event.type, data: event.data } as E;
}
