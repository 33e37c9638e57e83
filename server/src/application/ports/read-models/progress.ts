import type { Checkpoint } from '../event-store';

/** Read models follow the event log: wait until they hold everything up to an append's checkpoint. */
export abstract class ReadModelProgress {
  /** Resolves true once every live read model (what players and money screens read) has applied `checkpoint`, false after `timeoutMs`. */
  abstract waitFor(checkpoint: Checkpoint | null, timeoutMs?: number): Promise<boolean>;
  /**
   * The same for every read model, the analytic ones too (suspect play, player history, daily rows), which are
   * asked to step at once: for a staff decision whose next read is of an analytic read model.
   */
  abstract waitForAll(checkpoint: Checkpoint | null, timeoutMs?: number): Promise<boolean>;
  /** Resolves once every read model, the analytic ones too, holds every event stored when it is called (false after `timeoutMs`). */
  abstract caughtUpAll(timeoutMs?: number): Promise<boolean>;
}
