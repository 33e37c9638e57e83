import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../application/ports/event-store';
import type { ReadModels } from './schema';

/**
 * What a projection remembers between the batches one runner applies: the rows it wrote, so the next
 * batch need not read them back. Values set during a batch are kept only if the batch commits; the
 * runner forgets everything when another runner or a rebuild may have written the tables.
 */
export interface ProjectionMemory {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
}

/**
 * A read model: a name, a version (bumping it rebuilds the model from the first event), the event
 * types it handles, the tables it owns, and an idempotent handler that writes inside the runner's
 * transaction — the same transaction that moves its checkpoint.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly string[];
  /** Tables emptied when the projection is rebuilt, in an order that respects foreign keys. */
  readonly tables: readonly (keyof ReadModels & string)[];
  apply(trx: Transaction<ReadModels>, event: RecordedEvent): Promise<void>;
  /**
   * Called once per batch after every `apply`, in the same transaction: a projection that folds several
   * events into one row can keep the row in memory during the batch and write it once here.
   */
  flush?(trx: Transaction<ReadModels>, memory: ProjectionMemory): Promise<void>;
}
