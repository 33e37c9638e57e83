import type { Checkpoint, EventStore, ReadAllOptions, ReadAllResult, RecordedEvent } from '../application/ports/event-store';

/** How many events the reads kept for the follower may hold (about a few seconds of a busy log). */
export const SHARED_READS_EVENTS = 20_000;

/**
 * One read of the log for two subscriptions: what the leader (the live tier) reads is kept, and the follower
 * (the analytic tier, a step or so behind) is served from it when its read starts where a kept read started,
 * so each event is fetched and decoded once. Consecutive reads of the log join up: a read after `A` that ended
 * at `B` and the read after `B` are, together, the events after `A` up to where the second ended (the store only
 * gives events nothing can still appear before), so the follower gets exactly what the store would give it. A
 * follower that falls behind what is kept, or reads before the leader did, reads the store itself up to where a
 * kept read starts, and is served from there on. A read may hold a little more than `maxCount` (it ends where a
 * read of the leader's ended), never less unless the follower has caught up.
 */
export class SharedReads {
  /** Kept reads by where each started, oldest first (a Map keeps insertion order). */
  private readonly reads = new Map<Checkpoint | null, { events: readonly RecordedEvent[]; checkpoint: Checkpoint | null }>();
  private kept = 0;
  /** Reads the follower was served from what the leader read, and reads it made itself (for tests and metrics). */
  readonly served = { shared: 0, own: 0 };

  constructor(private readonly store: EventStore, private readonly limit = SHARED_READS_EVENTS) {}

  /** The store as the leader sees it: every read it makes is kept. */
  get leader(): EventStore {
    return withReadAll(this.store, async (options) => {
      const result = await this.store.readAll(options);
      this.keep(options.after ?? null, result);
      return result;
    });
  }

  /** The store as the follower sees it: served from the leader's reads where they cover it. */
  get follower(): EventStore {
    return withReadAll(this.store, async (options) => {
      const shared = this.joined(options);
      if (shared) {
        this.served.shared++;
        const max = options.maxCount ?? Number.POSITIVE_INFINITY;
        if (shared.events.length >= max) return shared;
        // Short of a full batch: the leader has not read further yet, but the log may hold more (a reader hurried
        // this step and waits for the log's head), so the rest is read from the store.
        const rest = await this.alignedRead({ after: shared.checkpoint, maxCount: max - shared.events.length });
        if (rest.events.length) this.served.own++;
        return rest.events.length ? { events: [...shared.events, ...rest.events], checkpoint: rest.checkpoint } : shared;
      }
      this.served.own++;
      return this.alignedRead(options);
    });
  }

  /**
   * The follower's own read: where it reaches the start of a kept read, the rest is joined from the kept reads,
   * so its next read starts where a kept one does and is served again.
   */
  private async alignedRead(options: ReadAllOptions): Promise<ReadAllResult> {
    const result = await this.store.readAll(options);
    const meets = result.events.findIndex((e) => this.reads.has(e.checkpoint));
    if (meets < 0 || meets === result.events.length - 1) return result;
    const own = result.events.slice(0, meets + 1);
    const rest = this.joined({ after: own.at(-1)!.checkpoint, maxCount: (options.maxCount ?? Number.POSITIVE_INFINITY) - own.length }, true);
    return rest ? { events: [...own, ...rest.events], checkpoint: rest.checkpoint } : { events: own, checkpoint: own.at(-1)!.checkpoint };
  }

  private keep(after: Checkpoint | null, result: ReadAllResult): void {
    if (result.events.length === 0 || this.reads.has(after)) return;
    this.reads.set(after, { events: result.events, checkpoint: result.checkpoint });
    this.kept += result.events.length;
    for (const [start, read] of this.reads) {
      if (this.kept <= this.limit) break;
      this.reads.delete(start);
      this.kept -= read.events.length;
    }
  }

  /**
   * The kept reads from `after` on, joined until they hold `maxCount` events: whole reads, so the last may take
   * it past `maxCount` by less than one read of the leader's, and the follower's next read starts where a kept
   * one does (a batch short of `maxCount` means the follower has caught up with the leader). A first read
   * larger than `maxCount` alone (a rebuild's) is cut, unless `whole`. Null when no kept read starts at `after`.
   */
  private joined({ after = null, maxCount }: ReadAllOptions, whole = false): ReadAllResult | null {
    let read = this.reads.get(after);
    if (!read) return null;
    const max = maxCount ?? Number.POSITIVE_INFINITY;
    if (!whole && read.events.length > max) {
      const events = read.events.slice(0, Math.max(max, 1));
      return { events, checkpoint: events.at(-1)!.checkpoint };
    }
    const events: RecordedEvent[] = [];
    let checkpoint: Checkpoint | null = after;
    while (read && events.length < max) {
      events.push(...read.events);
      checkpoint = read.checkpoint;
      read = this.reads.get(checkpoint);
    }
    return { events, checkpoint };
  }
}

/** `store` with its `readAll` replaced; every other member is the store's own (bound to it). */
function withReadAll(store: EventStore, readAll: (options: ReadAllOptions) => Promise<ReadAllResult>): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'readAll') return (options: ReadAllOptions = {}) => readAll(options);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
