import { currentVersion, hasUpcasters, upcast } from '../domain/event-versions';
import type { AppendOptions, AppendResult, Checkpoint, EventData, EventStore, ReadAllOptions, ReadAllResult, ReadStreamOptions, RecordedEvent, SubscribeOptions, Subscription } from './ports/event-store';

/** The version an event's metadata names (1 when it names none: written before versions were kept). */
const versionOf = (event: EventData): number => (typeof event.metadata.eventVersion === 'number' ? event.metadata.eventVersion : 1);

/** An event read in the current shape of its type (the same object when nothing changed). */
export function readCurrent<E extends RecordedEvent>(event: E): E {
  if (!hasUpcasters(event.type)) return event;
  const version = versionOf(event);
  const now = currentVersion(event.type);
  if (version === now) return event;
  return { ...event, data: upcast(event.type, event.data, version), metadata: { ...event.metadata, eventVersion: now } };
}

/**
 * The event store as the application sees it: each appended event's metadata names its type's current
 * version (when above 1), and every event read (a stream, the log, a subscription) comes in its type's
 * current shape through the upcasters of `domain/event-versions.ts`. The stored events never change.
 */
export class UpcastingEventStore implements EventStore {
  constructor(private readonly inner: EventStore) {}

  get kind(): string {
    return this.inner.kind;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  appendToStream(streamId: string, events: EventData[], options?: AppendOptions): Promise<AppendResult> {
    const stamped = events.map((e) => {
      const version = currentVersion(e.type);
      return version > 1 && e.metadata.eventVersion === undefined ? { ...e, metadata: { ...e.metadata, eventVersion: version } } : e;
    });
    return this.inner.appendToStream(streamId, stamped, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map(readCurrent);
  }

  async readAll(options?: ReadAllOptions): Promise<ReadAllResult> {
    const result = await this.inner.readAll(options);
    return { ...result, events: result.events.map(readCurrent) };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onEvent: (event) => options.onEvent(readCurrent(event)) });
  }

  headCheckpoint(options?: { committed?: boolean }): Promise<Checkpoint | null> {
    return this.inner.headCheckpoint(options);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
