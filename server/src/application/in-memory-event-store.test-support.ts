import type {
  AppendResult, Checkpoint, EventData, EventStore, ReadAllOptions, ReadAllResult, ReadStreamOptions, RecordedEvent, SubscribeOptions, Subscription,
} from './ports/event-store';
import { compareCheckpoints, WrongExpectedRevisionError } from './ports/event-store';

/** A minimal in-process EventStore for unit tests of code that sits on top of the port. */
export class InMemoryEventStore implements EventStore {
  readonly kind = 'memory';
  readonly all: RecordedEvent[] = [];
  /** Set to make the next N appends fail with a conflict, as if another writer got there first. */
  conflictsToInject = 0;
  appendCalls = 0;

  async init() {}
  async ping() {}
  async close() {}

  async appendToStream(streamId: string, events: EventData[], options: import('./ports/event-store').AppendOptions = {}): Promise<AppendResult> {
    this.appendCalls++;
    if (options.condition) {
      const other = this.all.filter((e) => e.streamId === options.condition!.streamId).length - 1;
      const seen = options.condition.revision === 'no_stream' ? -1 : options.condition.revision;
      if (other !== seen) throw new WrongExpectedRevisionError(options.condition.streamId, options.condition.revision, other < 0 ? 'no_stream' : other);
    }
    const current = this.all.filter((e) => e.streamId === streamId);
    const actual = current.length ? current.length - 1 : ('no_stream' as const);
    const expected = options.expectedRevision ?? 'any';
    if (this.conflictsToInject > 0) {
      this.conflictsToInject--;
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === 'no_stream') ||
      (expected === 'stream_exists' && actual !== 'no_stream') ||
      expected === actual;
    if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
    let revision = current.length - 1;
    for (const e of events) {
      revision++;
      this.all.push({ ...e, streamId, revision, checkpoint: `0:${this.all.length}`, createdAt: new Date().toISOString() });
    }
    return { nextExpectedRevision: revision, checkpoint: this.all[this.all.length - 1]!.checkpoint };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    let events = this.all.filter((e) => e.streamId === streamId);
    if (options.direction === 'backwards') events = events.reverse();
    return events.slice(0, options.maxCount ?? Infinity);
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    const after = options.after ?? null;
    const events = this.all.filter((e) => after === null || compareCheckpoints(e.checkpoint, after) > 0).slice(0, options.maxCount ?? 1000);
    return { events, checkpoint: events.length ? events[events.length - 1]!.checkpoint : after };
  }

  subscribeToAll(_options: SubscribeOptions): Subscription {
    throw new Error('not used by these tests');
  }

  async headCheckpoint(): Promise<Checkpoint | null> {
    return this.all.length ? this.all[this.all.length - 1]!.checkpoint : null;
  }
}
