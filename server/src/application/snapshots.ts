import type { Decider, DomainEvent } from '../domain/decider';
import { remember } from './remember';
import type { CommandPath, EventCodec, LoadedStream } from './command-path';
import type { SnapshotRepository } from './ports/snapshots';

/**
 * Snapshots of long streams (an account plays thousands of hands). A snapshot is the folded state at
 * a revision; loading reads it and then only the events after it. Correctness never depends on it:
 * the append still expects the stream's real last revision, and a snapshot of another `version` (an
 * older state shape) is ignored. Two layers: the last state this process folded per stream (in memory,
 * bounded) and a `snapshots` row every `every` events for other processes and restarts.
 */
export interface SnapshotOptions<State, Event extends DomainEvent> {
  /** Identifies the state shape; bump it when evolve or the state changes and old snapshots are ignored. */
  version: string;
  /** Write a stored snapshot once this many events were added since the last one. */
  every?: number;
  /** Streams whose last state this process keeps in memory. */
  cacheSize?: number;
  onError?: (err: unknown) => void;
  /** How the stream's events are stored (see `EventCodec`). */
  events?: EventCodec<Event>;
  /** How a state is stored, when part of it must not be kept as it is in memory (a secret sealed). */
  state?: SnapshotCodec<State>;
}

/** A state as a snapshot row holds it, and back. */
export interface SnapshotCodec<State> {
  toStored(state: State): unknown;
  fromStored(stored: unknown): State;
}

interface Cached<State> extends LoadedStream<State> {
  /** Revision of the stored snapshot this process knows of. */
  stored: number | null;
}

export class SnapshotStore<State, Event extends DomainEvent> {
  private readonly cache = new Map<string, Cached<State>>();
  private readonly every: number;
  private readonly cacheSize: number;

  constructor(
    private readonly repository: SnapshotRepository,
    private readonly path: CommandPath,
    private readonly decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>,
    private readonly options: SnapshotOptions<State, Event>,
  ) {
    this.every = options.every ?? 100;
    this.cacheSize = options.cacheSize ?? 10_000;
  }

  /**
   * The stream folded from the newest snapshot known; pass as CommandPath's `load` hook. Unless `fresh`,
   * a state this process remembers is answered as it is (`remembered`: it may be behind other writers,
   * which the append's expected revision catches); otherwise the events after it are read.
   */
  readonly load = async (streamId: string, options: { fresh?: boolean } = {}): Promise<LoadedStream<State>> => {
    let base: Cached<State> | undefined = this.cache.get(streamId);
    if (base && !options.fresh) return { state: base.state, revision: base.revision, remembered: true };
    if (!base) {
      const row = await this.repository.read(streamId, this.options.version);
      base = row ? { state: this.revive(row.state), revision: row.revision, stored: row.revision } : { state: this.decider.initialState(), revision: null, stored: null };
    }
    const loaded = await this.path.load(streamId, this.decider, base, this.options.events);
    this.keep(streamId, loaded, base.stored);
    return { state: loaded.state, revision: loaded.revision };
  };

  /** Keeps the state after a command and stores a snapshot when enough events piled up since the last one. */
  async saved(streamId: string, loaded: LoadedStream<State>): Promise<void> {
    if (loaded.revision === null) return;
    const known = this.cache.get(streamId);
    if (known && known.revision !== null && known.revision > loaded.revision) return;
    let stored = known?.stored ?? null;
    if (loaded.revision - (stored ?? -1) >= this.every) {
      try {
        await this.store(streamId, loaded.revision, loaded.state);
        stored = loaded.revision;
      } catch (err) {
        this.options.onError?.(err);
      }
    }
    this.keep(streamId, loaded, stored);
  }

  /** Writes a snapshot now (newer revisions only). */
  async store(streamId: string, revision: number, state: State): Promise<void> {
    await this.repository.write(streamId, revision, this.options.version, serializeState(this.options.state ? this.options.state.toStored(state) : state));
  }

  private revive(stored: unknown): State {
    const state = reviveState<unknown>(stored);
    return this.options.state ? this.options.state.fromStored(state) : (state as State);
  }

  /** Forgets what this process remembers (tests). */
  clearCache(): void {
    this.cache.clear();
  }

  private keep(streamId: string, loaded: LoadedStream<State>, stored: number | null) {
    remember(this.cache, streamId, { state: loaded.state, revision: loaded.revision, stored }, this.cacheSize);
  }
}

/** Maps and Sets survive the JSON round trip as tagged arrays. */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value.entries()] };
  if (value instanceof Set) return { $set: [...value.values()] };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$map') return new Map((value as { $map: [unknown, unknown][] }).$map);
    if (keys.length === 1 && keys[0] === '$set') return new Set((value as { $set: unknown[] }).$set);
  }
  return value;
}

export function serializeState(state: unknown): string {
  return JSON.stringify(state, replacer);
}

export function reviveState<State>(stored: unknown): State {
  return JSON.parse(typeof stored === 'string' ? stored : JSON.stringify(stored), reviver) as State;
}
