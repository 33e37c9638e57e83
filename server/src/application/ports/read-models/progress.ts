import type { Checkpoint } from '../event-store';

/** Read models follow the event log: wait until they hold everything up to an append's checkpoint. */
export abstract class ReadModelProgress {
  /** Resolves true once every projection has applied `checkpoint`, false after `timeoutMs`. */
  abstract waitFor(checkpoint: Checkpoint | null, timeoutMs?: number): Promise<boolean>;
}
