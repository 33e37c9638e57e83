/**
 * The event store on EventStoreDB (`EVENTSTORE_URL`, e.g. `esdb://localhost:2113?tls=false`).
 * Checkpoints are `<commit>:<prepare>` positions in the $all log. System events (types and streams
 * starting with `$`) never reach readAll or subscribers.
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type Checkpoint,
  type EventData,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../application/ports/event-store';

export interface EventStoreDbOptions {
  /** Events returned by readAll without maxCount (default 500). */
  batchSize?: number;
  /** Wait after a dropped subscription before it resubscribes (default 1000 ms). */
  retryDelayMs?: number;
  /** Deadline for ping() (default 5000 ms). */
  pingDeadlineMs?: number;
}

type EsdbRecorded = NonNullable<AllStreamResolvedEvent['event']> | NonNullable<ResolvedEvent['event']>;

const CHECKPOINT = /^(\d{1,20}):(\d{1,20})$/;
/**
 * How far back headCheckpoint looks through system events for the newest user event (EventStoreDB
 * writes statistics every 30 s: about three days of a quiet log).
 */
const HEAD_SCAN_LIMIT = 10_000;
/** headCheckpoint's first backwards page; each next one is four times larger, up to the last. */
const HEAD_FIRST_PAGE = 16;
const HEAD_LAST_PAGE = 4096;
/** Starting points remembered by readAll (see #skipped). */
const SKIPPED_LIMIT = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb';
  readonly #client: EventStoreDBClient;
  readonly #batchSize: number;
  readonly #retryDelayMs: number;
  readonly #pingDeadlineMs: number;
  readonly #subscriptions = new Set<Subscription>();
  /**
   * readAll `after` → the furthest system record found after it with no other event between: a poller
   * that keeps asking from the same checkpoint in a quiet log (projections, every 25 ms) then reads only
   * what was added since, not every statistics record since its last event.
   */
  readonly #skipped = new Map<string, Position>();
  /** The last head found, and the newest record seen then: everything between is system records. */
  #head: { checkpoint: Checkpoint; newest: Position } | null = null;

  constructor(connectionString: string, options: EventStoreDbOptions = {}) {
    this.#client = EventStoreDBClient.connectionString(connectionString);
    this.#batchSize = options.batchSize ?? 500;
    this.#retryDelayMs = options.retryDelayMs ?? 1000;
    this.#pingDeadlineMs = options.pingDeadlineMs ?? 5000;
  }

  /** Nothing to create on EventStoreDB; checks the server answers. */
  async init(): Promise<void> {
    await this.ping();
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    validateAppend(streamId, events);
    const condition = options.condition;
    if (condition) {
      // EventStoreDB appends to one stream at a time: the condition is checked just before the append.
      const [last] = await this.readStream(condition.streamId, { direction: 'backwards', maxCount: 1 });
      const actual = last ? last.revision : 'no_stream';
      if (actual !== condition.revision) throw new WrongExpectedRevisionError(condition.streamId, condition.revision, actual);
    }
    try {
      const result = await this.#client.appendToStream(
        streamId,
        events.map(({ id, type, data, metadata }) => jsonEvent({ id, type, data: data as JSONType, metadata })),
        { expectedRevision: toEsdbExpected(streamId, expected) },
      );
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      const position = result.position ?? (await this.#positionOf(streamId, result.nextExpectedRevision));
      return { nextExpectedRevision, checkpoint: formatCheckpoint(position) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const read = this.#client.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
      ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    const after = options.after ?? null;
    const limit = options.maxCount ?? this.#batchSize;
    const events: RecordedEvent[] = [];
    const skipped = this.#skipped.get(after ?? '');
    let from: ReadPosition = skipped ?? (after === null ? START : parseCheckpoint(after));
    let scanned: Position | null = skipped ?? null;
    // $all also holds system events, filtered here; keep reading pages until `limit` user events or the end.
    // Every page is read to its end: a read left unfinished keeps its call open on the server (and
    // holds up dispose) until the connection closes, so a page asks for no more than it may need.
    while (events.length < limit) {
      // One more than needed: reading from a position starts with the event at it, delivered already.
      const pageSize = limit - events.length + 1;
      let count = 0;
      const page: StreamingRead<AllStreamResolvedEvent> = this.#client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: pageSize });
      for await (const resolved of page) {
        count++;
        const event = resolved.event;
        if (!event?.position || events.length === limit) continue;
        if (samePosition(event.position, from)) continue;
        scanned = event.position;
        if (isSystemEvent(event)) continue;
        events.push(toRecordedEvent(event));
      }
      if (count < pageSize || scanned === null) break;
      from = scanned;
    }
    if (events.length === 0 && scanned && scanned !== skipped) {
      this.#skipped.delete(after ?? '');
      this.#skipped.set(after ?? '', scanned);
      if (this.#skipped.size > SKIPPED_LIMIT) this.#skipped.delete(this.#skipped.keys().next().value!);
    }
    const last = events.at(-1)?.checkpoint;
    return { events, checkpoint: last ?? (scanned ? formatCheckpoint(scanned) : after) };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const onError = options.onError ?? ((error: unknown) => console.error('event-store subscription:', error));
    let checkpoint = options.after ?? null;
    let stopped = false;
    let current: ReturnType<EventStoreDBClient['subscribeToAll']> | undefined;
    let wakeRetry: (() => void) | undefined;

    const loop = (async () => {
      while (!stopped) {
        const from: Position | null = checkpoint === null ? null : parseCheckpoint(checkpoint);
        current = this.#client.subscribeToAll({ fromPosition: from ?? START, filter: excludeSystemEvents() });
        let handlerFailed = false;
        try {
          for await (const resolved of current) {
            if (stopped) break;
            const event = resolved.event;
            if (!event?.position || isSystemEvent(event) || (from && samePosition(event.position, from))) continue;
            const recorded = toRecordedEvent(event);
            try {
              await options.onEvent(recorded);
            } catch (error) {
              handlerFailed = true;
              throw error;
            }
            checkpoint = recorded.checkpoint;
          }
        } catch (error) {
          if (stopped) break;
          onError(error);
          if (handlerFailed) stopped = true;
        } finally {
          await current.unsubscribe().catch(() => undefined);
        }
        if (stopped) break;
        // The server ended or dropped the subscription: resubscribe from the last delivered event.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#retryDelayMs);
          wakeRetry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    })();

    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        wakeRetry?.();
        await current?.unsubscribe().catch(() => undefined);
        await loop;
        this.#subscriptions.delete(subscription);
      },
    };
    this.#subscriptions.add(subscription);
    return subscription;
  }

  async headCheckpoint(): Promise<Checkpoint | null> {
    const known = this.#head;
    let from: ReadPosition = END;
    let pageSize = HEAD_FIRST_PAGE;
    let scanned = 0;
    let newest: Position | null = null;
    let found: Checkpoint | null = null;
    while (found === null && scanned < HEAD_SCAN_LIMIT) {
      let count = 0;
      let oldest: Position | null = null;
      // Read to the end of the page (see readAll): the first is small since the head is rarely far behind.
      const page: StreamingRead<AllStreamResolvedEvent> = this.#client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: pageSize });
      for await (const resolved of page) {
        count++;
        scanned++;
        const event = resolved.event;
        if (!event?.position || found !== null) continue;
        if (from !== END && samePosition(event.position, from)) continue;
        newest ??= event.position;
        // Reached what the last call saw: nothing but system records since its head.
        if (known && comparePositions(event.position, known.newest) <= 0) found = known.checkpoint;
        else if (!isSystemEvent(event)) found = formatCheckpoint(event.position);
        else oldest = event.position;
      }
      if (count < pageSize || oldest === null) break;
      from = oldest;
      pageSize = Math.min(pageSize * 4, HEAD_LAST_PAGE);
    }
    if (found !== null && newest) this.#head = { checkpoint: found, newest };
    return found;
  }

  async ping(): Promise<void> {
    for await (const _ of this.#client.readAll({ maxCount: 1, deadline: this.#pingDeadlineMs })) void _;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#subscriptions].map((s) => s.stop()));
    await this.#client.dispose();
  }

  async #positionOf(streamId: string, revision: bigint): Promise<Position> {
    let position: Position | undefined;
    for await (const resolved of this.#client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) position ??= resolved.event?.position;
    if (position) return position;
    throw new Error(`EventStoreDB did not report the position of ${streamId}@${revision} (server 22.6 or newer is required)`);
  }
}

/** The programming errors every adapter refuses before writing (docs/event-store.md, "Appending"). */
function validateAppend(streamId: string, events: EventData[]): void {
  if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('appendToStream: streamId must be a non-empty string');
  if (events.length === 0) throw new TypeError(`appendToStream(${streamId}): no events to append`);
  const ids = new Set<string>();
  events.forEach((event, index) => {
    if (!UUID.test(event.id)) throw new TypeError(`appendToStream(${streamId}): event ${index} id "${event.id}" is not a UUID`);
    if (ids.has(event.id.toLowerCase())) throw new TypeError(`appendToStream(${streamId}): event id ${event.id} appears twice in one append`);
    ids.add(event.id.toLowerCase());
    if (!event.type) throw new TypeError(`appendToStream(${streamId}): event ${index} has no type`);
  });
}

export function toEsdbExpected(streamId: string, expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`appendToStream(${streamId}): expected revision must be a non-negative integer, got ${expected}`);
      }
      return BigInt(expected);
  }
}

export function formatCheckpoint(position: Position): Checkpoint {
  return `${position.commit}:${position.prepare}`;
}

export function parseCheckpoint(checkpoint: Checkpoint): Position {
  const match = CHECKPOINT.exec(checkpoint);
  if (!match) throw new TypeError(`Not an EventStoreDB checkpoint: "${checkpoint}" (expected "<commit>:<prepare>")`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  return a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;
}

function samePosition(a: Position, b: ReadPosition): boolean {
  return typeof b === 'object' && a.commit === b.commit && a.prepare === b.prepare;
}

function isSystemEvent(event: EsdbRecorded): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecordedEvent(event: EsdbRecorded, commitPosition?: bigint): RecordedEvent {
  const position =
    event.position ?? (commitPosition !== undefined ? { commit: commitPosition, prepare: commitPosition } : undefined);
  if (!position) throw new Error(`EventStoreDB did not report the position of event ${event.id} (server 22.6 or newer is required)`);
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: (event.metadata ?? {}) as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    checkpoint: formatCheckpoint(position),
    createdAt: event.created.toISOString(),
  };
}
