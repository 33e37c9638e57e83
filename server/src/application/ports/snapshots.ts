/** A stored snapshot of a stream's folded state (JSON as written by `serializeState`). */
export interface StoredSnapshot {
  revision: number;
  state: unknown;
}

/** Where folded states of long streams are kept between processes (the `snapshots` table; not a read model: no projection writes it). */
export abstract class SnapshotRepository {
  abstract read(streamId: string, version: string): Promise<StoredSnapshot | null>;
  /** Writes the snapshot unless a newer one of the same version is stored. */
  abstract write(streamId: string, revision: number, version: string, json: string): Promise<void>;
}
